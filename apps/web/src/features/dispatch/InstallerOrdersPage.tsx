import { ReloadOutlined } from '@ant-design/icons';
import { DispatchCalls, type OrderState } from '@cvrisk/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Empty, Segmented, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { DEFAULT_PAGE_SIZE } from '../../lib/listQuery';
import type { MessageKey } from '../../lib/i18n/translate';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { DISPATCH_KEY, mineCountsQuery } from './dispatch.queries';
import { installerActions } from './InstallerActions';
import { InstallerOrderCard } from './InstallerOrderCard';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import './orders.css';

type Segment = { key: string; states: readonly OrderState[]; label: MessageKey; empty: MessageKey };

/** What the installer works through, in order; an abnormal install waits for the audit like an installed one. */
const SEGMENTS: readonly Segment[] = [
  { key: 'waiting', states: [2], label: 'orders.segWaiting', empty: 'orders.emptyWaiting' },
  { key: 'working', states: [3], label: 'orders.segWorking', empty: 'orders.emptyWorking' },
  { key: 'review', states: [4, 6], label: 'orders.segReview', empty: 'orders.emptyReview' },
  { key: 'done', states: [5], label: 'orders.segDone', empty: 'orders.emptyDone' },
];

/**
 * A segment's orders, page by page ("加载更多" suits a phone better than a pager). A segment of two
 * states asks for the same page of each: the list call filters by one state.
 */
function useSegmentOrders(segment: Segment) {
  return useInfiniteQuery({
    queryKey: [DISPATCH_KEY, 'mine', segment.key],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      Promise.all(segment.states.map((state) => call(DispatchCalls.mine, { body: { state, pageNumber: pageParam, pageSize: DEFAULT_PAGE_SIZE } }, { signal }))),
    getNextPageParam: (last, _all, page) => (last.some((p) => p.count > page * DEFAULT_PAGE_SIZE) ? page + 1 : undefined),
  });
}

/** 我的安装单 (installer company): phone first, cards in a grid that fills a desk screen. */
export function InstallerOrdersPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const segment = SEGMENTS.find((s) => s.key === params.get('tab')) ?? SEGMENTS[0]!;
  const countsQuery = useQuery(mineCountsQuery());
  const counts = countsQuery.data;
  const orders = useSegmentOrders(segment);
  const [detailId, setDetailId] = useState<number | null>(null);
  const rows = orders.data?.pages.flatMap((page) => page.flatMap((p) => p.list)) ?? [];
  const countOf = (s: Segment) => (counts ? s.states.reduce((sum, state) => sum + (counts[state] ?? 0), 0) : undefined);

  return (
    <div className="installer-orders">
      <div className="installer-orders-bar">
        <h2 className="installer-orders-title">{t('orders.mineTitle')}</h2>
        <Button
          type="text"
          icon={<ReloadOutlined spin={orders.isFetching} />}
          onClick={() => void Promise.all([orders.refetch(), countsQuery.refetch()])}
          aria-label={t('common.refresh')}
        />
      </div>
      <Segmented
        block
        value={segment.key}
        onChange={(key) => setParams(key === SEGMENTS[0]!.key ? {} : { tab: key })}
        options={SEGMENTS.map((s) => {
          const n = countOf(s);
          return { value: s.key, label: n === undefined ? t(s.label) : `${t(s.label)} ${n}` };
        })}
      />
      {orders.isError && rows.length === 0 ? (
        <Empty description={t('common.loadFailed')}>
          <Button onClick={() => void orders.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : orders.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(segment.empty)} />
      ) : (
        <ul className="installer-cards" aria-label={t(segment.label)}>
          {rows.map((o) => (
            <li key={o.id}>
              <InstallerOrderCard order={o} onDetail={() => setDetailId(o.id)} />
            </li>
          ))}
        </ul>
      )}
      {orders.hasNextPage && (
        <Button block loading={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
          {t('orders.loadMore')}
        </Button>
      )}
      {detailId !== null && (
        <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} actions={(o) => <Space wrap>{installerActions(o)}</Space>} />
      )}
    </div>
  );
}
