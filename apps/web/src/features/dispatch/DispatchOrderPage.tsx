import type { OrderItem } from '@cvrisk/contracts';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useListQuery } from '../../lib/useListQuery';
import { DISPATCH_KEY, fetchOrderPage } from './dispatch.queries';
import { OperatorActions } from './OperatorActions';
import { orderColumns } from './orderColumns';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { OrderFilterForm } from './OrderFilterForm';
import { filtersFromQuery, filtersToQuery, OrderListViewSchema, withTab } from './orderFilters';
import { OrderStateTabs } from './OrderStateTabs';
import './orders.css';

/** 派单管理: the orders of the caller's scope by state, the abnormal installs, and each order's detail and changes. */
export function DispatchOrderPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const canAudit = user.permissions.includes('order:audit');
  const { query, search } = useListQuery(OrderListViewSchema);
  const abnormal = query.view === 'abnormal';
  const [detailId, setDetailId] = useState<number | null>(null);
  const columns = useMemo(
    () => orderColumns(t, { abnormal, actions: (o: OrderItem) => <OperatorActions order={o} canAudit={canAudit} onDetail={() => setDetailId(o.id)} /> }),
    [t, abnormal, canAudit],
  );

  return (
    <>
      <ListScreen
        id={DISPATCH_KEY}
        title={t(abnormal ? 'orders.abnormalTitle' : 'orders.title')}
        schema={OrderListViewSchema}
        fetchPage={fetchOrderPage}
        toForm={filtersFromQuery}
        fromForm={filtersToQuery}
        filters={(props) => <OrderFilterForm {...props} />}
        summary={() => <OrderStateTabs view={query} onTab={(tab) => search(withTab(query, tab))} />}
        columns={columns}
        rowKey="id"
        table={{ emptyText: t(abnormal ? 'orders.abnormalEmpty' : 'orders.empty') }}
      />
      {detailId !== null && (
        <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} actions={(o) => <OperatorActions order={o} canAudit={canAudit} />} />
      )}
    </>
  );
}
