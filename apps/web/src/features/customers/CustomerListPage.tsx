import { CustomerListQuery, type CustomerListItem } from '@cvrisk/contracts';
import { Button, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { FieldFilterForm } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { ListScreen } from '../../components/ListScreen';
import { useServerSort } from '../../components/useServerSort';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { portraitPath } from '../../lib/portraitLinks';
import { CUSTOMER_FIELDS, customerColumns, filtersFromQuery, filtersToQuery, SORTABLE } from './customerFields';
import { CUSTOMERS_KEY, exportCustomers, fetchCustomerPage } from './customers.queries';
import { MarkFraudDialog } from './MarkFraudDialog';
import './customers.css';
import { LoanImportButton } from '../loanImport/LoanImportButton';

/** 风险客户 (风险管理): whom to call today — grade, loan, unhandled warnings by type and where the car is. */
export function CustomerListPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { user } = useSession();
  const canMark = user.permissions.includes('warning:handle');
  const [marking, setMarking] = useState<CustomerListItem | null>(null);
  const base = useMemo(() => {
    const actions: ListColumn<CustomerListItem> = {
      key: 'actions', title: t('customers.actions'), width: 150, fixed: 'right', locked: true,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(portraitPath({ customerId: r.customerId }))}>{t('customers.portrait')}</Button>
          {canMark && (
            <Button type="link" size="small" danger={!r.fraud} onClick={() => setMarking(r)}>
              {t(r.fraud ? 'customers.unmarkFraud' : 'customers.markFraud')}
            </Button>
          )}
        </Space>
      ),
    };
    return [...customerColumns(t), actions];
  }, [t, navigate, canMark]);
  const { columns, onSort } = useServerSort(CustomerListQuery, base, SORTABLE);

  return (
    <>
      <ListScreen
        id={CUSTOMERS_KEY}
        title={t('customers.listTitle')}
        schema={CustomerListQuery}
        fetchPage={fetchCustomerPage}
        toForm={filtersFromQuery}
        fromForm={filtersToQuery}
        filters={(props) => <FieldFilterForm fields={CUSTOMER_FIELDS} {...props} />}
        columns={columns}
        rowKey="customerId"
        exportFile={exportCustomers}
        actions={<LoanImportButton />}
        table={{ onSort }}
      />
      {marking && <MarkFraudDialog customerId={marking.customerId} customerName={marking.customerName} fraud={marking.fraud} onClose={() => setMarking(null)} />}
    </>
  );
}
