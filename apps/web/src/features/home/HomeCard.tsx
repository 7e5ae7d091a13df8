import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';

type Props<T> = {
  title: ReactNode;
  query: UseQueryResult<T>;
  /** What to say when the figures are all zero; the chart is then left out. */
  empty: (data: T) => string | null;
  children: (data: T) => ReactNode;
  extra?: ReactNode;
  /** Height the body keeps while loading or empty, so the grid does not jump. */
  minHeight: number;
};

/** A home card over one query: skeleton while loading, retry after a failure (already toasted), a word when empty. */
export function HomeCard<T>({ title, query, empty, children, extra, minHeight }: Props<T>) {
  const { t } = useI18n();
  const data = query.data;
  let body: ReactNode;
  if (data !== undefined) {
    const emptyText = empty(data);
    body = emptyText ? <Empty className="home-card-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> : children(data);
  } else if (query.isError) {
    body = (
      <Empty className="home-card-empty" description={t('common.loadFailed')}>
        <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
      </Empty>
    );
  } else {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  }
  return (
    <Card variant="borderless" title={title} extra={extra} className="home-card">
      <div style={{ minHeight }}>{body}</div>
    </Card>
  );
}
