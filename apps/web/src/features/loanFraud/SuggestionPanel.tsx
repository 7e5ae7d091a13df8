import { FraudSuggestionStates, type FraudSuggestionItem, type FraudSuggestionState } from '@cvrisk/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DeviceKindTag } from '../../components/StatusTags';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { warningDetailPath } from '../../lib/warningLinks';
import { CustomerLink } from '../customers/customerCells';
import { CUSTOMERS_KEY, decideSuggestion, fetchSuggestionPage, refreshCustomerViews } from '../customers/customers.queries';
import { ReasonDialog } from '../customers/ReasonDialog';

const STATE_COLORS: Record<FraudSuggestionState, string> = { pending: 'gold', accepted: 'red', dismissed: 'default' };
const PAGE_SIZE = 10;

/**
 * 系统提示: what the engine saw soon after an install (server-behaviour §7), with its evidence — the
 * device, the event and how many days after install — for an operator to accept or dismiss with a reason.
 */
export function SuggestionPanel({ canDecide }: { canDecide: boolean }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [state, setState] = useState<FraudSuggestionState>('pending');
  const [pageNumber, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ row: FraudSuggestionItem; accept: boolean } | null>(null);
  const query = { state, pageNumber, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: [CUSTOMERS_KEY, 'suggestions', query],
    queryFn: ({ signal }) => fetchSuggestionPage(query, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<TableColumnsType<FraudSuggestionItem>>(() => [
    { key: 'customer', title: t('customers.customer'), width: 110, fixed: 'left', render: (_v, r) => <CustomerLink customerId={r.customerId} name={r.customerName} /> },
    { key: 'phone', title: t('customers.phone'), width: 120, dataIndex: 'customerPhone' },
    {
      key: 'device', title: t('customers.suggestion.device'), width: 190,
      render: (_v, r) => <Space size={4}>{r.deviceNumber}<DeviceKindTag kind={r.deviceKind as 1 | 2} /></Space>,
    },
    {
      key: 'event', title: t('customers.suggestion.event'), width: 130,
      render: (_v, r) => <Link to={warningDetailPath({ id: r.warningId, deviceNumber: r.deviceNumber, warningType: r.warningType })}><Tag color="red">{r.warningTypeName}</Tag></Link>,
    },
    // The evidence that matters most beside the event, in view without scrolling.
    {
      key: 'after', title: t('customers.suggestion.after'), width: 90, align: 'right',
      render: (_v, r) => <Typography.Text type="danger" strong>{t('customers.suggestion.days', { days: r.daysAfterInstall })}</Typography.Text>,
    },
    { key: 'eventTime', title: t('customers.suggestion.eventTime'), width: 165, dataIndex: 'eventTime' },
    { key: 'installTime', title: t('customers.suggestion.installTime'), width: 165, dataIndex: 'installTime' },
    { key: 'place', title: t('customers.suggestion.place'), width: 200, ellipsis: true, render: (_v, r) => r.place || EMPTY },
    { key: 'dealer', title: t('customers.dept'), width: 160, dataIndex: 'deptName4s' },
    {
      key: 'decision', title: t('customers.suggestion.decided'), width: 240, fixed: 'right',
      render: (_v, r) =>
        r.state === 'pending' ? (
          canDecide ? (
            <Space size={0}>
              <Button type="link" size="small" danger onClick={() => setDeciding({ row: r, accept: true })}>{t('customers.suggestion.accept')}</Button>
              <Button type="link" size="small" onClick={() => setDeciding({ row: r, accept: false })}>{t('customers.suggestion.dismiss')}</Button>
            </Space>
          ) : <Tag color={STATE_COLORS.pending}>{t('customers.suggestion.pending')}</Tag>
        ) : (
          <div>
            <Tag color={STATE_COLORS[r.state]}>{t(`customers.suggestion.${r.state}`)}</Tag>
            <Typography.Text type="secondary">{`${r.decidedBy ?? ''} ${r.decidedAt ?? ''}`}</Typography.Text>
            {r.reason && <div className="fraud-reason">{r.reason}</div>}
          </div>
        ),
    },
  ], [t, canDecide]);

  return (
    <>
      <Segmented<FraudSuggestionState>
        value={state}
        onChange={(v) => { setState(v); setPage(1); }}
        options={FraudSuggestionStates.map((s) => ({ value: s, label: t(`customers.suggestion.${s}`) }))}
        className="fraud-states"
      />
      <Table<FraudSuggestionItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('customers.suggestion.empty') }}
        pagination={{ current: pageNumber, pageSize: PAGE_SIZE, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (n) => t('common.total', { total: n }) }}
      />
      {deciding && (
        <ReasonDialog
          title={t(deciding.accept ? 'customers.suggestion.acceptTitle' : 'customers.suggestion.dismissTitle', { name: deciding.row.customerName })}
          okText={t(deciding.accept ? 'customers.suggestion.accept' : 'customers.suggestion.dismiss')}
          danger={deciding.accept}
          submit={async (reason) => (await decideSuggestion({ id: deciding.row.id, accept: deciding.accept, reason })).msg}
          onClose={() => setDeciding(null)}
          onDone={() => refreshCustomerViews(client)}
        />
      )}
    </>
  );
}
