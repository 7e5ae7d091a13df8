import { OverdueListQuery, type OverdueListItem } from '@cvrisk/contracts';
import { useMemo } from 'react';
import { FieldFilterForm } from '../../components/listFields';
import { ListScreen } from '../../components/ListScreen';
import { useServerSort } from '../../components/useServerSort';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CUSTOMERS_KEY, exportOverdue, fetchOverduePage } from '../customers/customers.queries';
import '../customers/customers.css';
import { filtersFromQuery, filtersToQuery, OVERDUE_FIELDS, overdueColumns, SORTABLE } from './overdueFields';
import { LoanImportButton } from '../loanImport/LoanImportButton';
import { useMayOpenCase } from '../recovery/OpenCaseButton';
import { openCaseColumn } from '../recovery/openCaseColumn';

/**
 * 逾期客户: the chase list, in the order a collector should work it (the server's 处置优先级: the
 * longest-overdue bucket, high risk, the car silent longest, the largest amount) unless a header is clicked.
 */
export function OverdueCustomerPage() {
  const { t } = useI18n();
  const mayOpenCase = useMayOpenCase();
  const base = useMemo(() => overdueColumns(t), [t]);
  const { columns, onSort } = useServerSort(OverdueListQuery, base, SORTABLE);
  // 发起追车 on the row's customer, for those who may open recovery cases.
  const withCase = useMemo(
    () => (mayOpenCase ? [...columns, openCaseColumn<OverdueListItem>(t, (r) => ({ customerId: r.customerId, customerName: r.customerName, source: 'overdue' }))] : columns),
    [columns, mayOpenCase, t],
  );
  return (
    <ListScreen
      id={`${CUSTOMERS_KEY}-overdue`}
      title={t('customers.overdueTitle')}
      schema={OverdueListQuery}
      fetchPage={fetchOverduePage}
      toForm={filtersFromQuery}
      fromForm={filtersToQuery}
      filters={(props) => <FieldFilterForm fields={OVERDUE_FIELDS} {...props} />}
      columns={withCase}
      rowKey="customerId"
      exportFile={exportOverdue}
      actions={<LoanImportButton />}
      table={{ onSort }}
    />
  );
}
