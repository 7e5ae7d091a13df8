import { ReloadOutlined } from '@ant-design/icons';
import { DELIVERY_STATE_LABELS, DeliveryStates, type DeliveryState, type WebhookDeliveryItem, type WebhookItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { deliveryListQuery } from './push.queries';

/** Deliveries with their state, newest first; filters and page live in the URL (`hook`, `state`, `dpage`). */
export function DeliveryTable({ webhooks }: { webhooks: WebhookItem[] }) {
  const { t, lang } = useI18n();
  const [params, setParams] = useSearchParams();
  const webhookId = Number(params.get('hook')) || undefined;
  const stateParam = params.get('state');
  const state = DeliveryStates.includes(stateParam as DeliveryState) ? (stateParam as DeliveryState) : undefined;
  const pageNumber = Number(params.get('dpage')) || 1;
  const query = { webhookId, state, pageNumber, pageSize: 10 };
  const list = useQuery(deliveryListQuery(query));

  const set = (key: string, value: string | undefined) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'dpage') next.delete('dpage');
      return next;
    });

  const columns: TableColumnsType<WebhookDeliveryItem> = [
    { title: t('push.delivery.webhook'), dataIndex: 'webhookName', width: 140, ellipsis: true, fixed: 'left' },
    {
      title: t('push.delivery.warning'), key: 'warning', width: 200, ellipsis: true,
      render: (_, d) => (d.warningId === null ? <Tag>{t('push.delivery.test')}</Tag> : `${orDash(d.warningTypeName)} · ${orDash(d.deviceNumber)}`),
    },
    {
      title: t('push.delivery.state'), dataIndex: 'state', width: 90,
      render: (s: DeliveryState) => <Tag color={DELIVERY_STATE_LABELS[s].color}>{DELIVERY_STATE_LABELS[s][lang]}</Tag>,
    },
    { title: t('push.delivery.attempts'), dataIndex: 'attempts', width: 90, align: 'right' },
    {
      title: t('push.delivery.lastStatus'), key: 'last', width: 180, ellipsis: true,
      render: (_, d) => (d.lastError ? <Typography.Text type={d.state === 'delivered' ? undefined : 'danger'}>{d.lastError}</Typography.Text> : orDash(d.lastStatus)),
    },
    { title: t('push.delivery.createTime'), dataIndex: 'createTime', width: 165 },
    { title: t('push.delivery.nextAttempt'), dataIndex: 'nextAttemptTime', width: 165, render: orDash },
    { title: t('push.delivery.deliveredTime'), dataIndex: 'deliveredTime', width: 165, render: orDash },
  ];

  return (
    <Card
      size="small"
      title={t('push.config.deliveries')}
      extra={
        <Space wrap>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('push.delivery.allWebhooks')}
            value={webhookId}
            options={webhooks.map((w) => ({ value: w.id, label: w.name }))}
            onChange={(v?: number) => set('hook', v ? String(v) : undefined)}
          />
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('push.delivery.allStates')}
            value={state}
            options={DeliveryStates.map((s) => ({ value: s, label: DELIVERY_STATE_LABELS[s][lang] }))}
            onChange={(v?: string) => set('state', v)}
          />
          <Tooltip title={t('push.delivery.autoRefresh')}>
            <Button icon={<ReloadOutlined spin={list.isFetching} />} onClick={() => void list.refetch()} aria-label={t('push.delivery.autoRefresh')} />
          </Tooltip>
        </Space>
      }
    >
      <Table<WebhookDeliveryItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        scroll={{ x: 1150 }}
        locale={{ emptyText: t('push.delivery.empty') }}
        pagination={{
          current: pageNumber, pageSize: 10, total: list.data?.count ?? 0, showSizeChanger: false,
          showTotal: (total) => t('common.total', { total }), onChange: (p) => set('dpage', String(p)),
        }}
      />
    </Card>
  );
}
