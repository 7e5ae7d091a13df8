import type { LoanFraudFilters, LoanFraudItem, LoanFraudListQuery } from '@cvrisk/contracts';
import { Tag } from 'antd';
import { columnsOf, formValuesOf, queryOfForm, type ListField } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { CustomerGradeTag } from '../../components/StatusTags';
import { EMPTY } from '../../lib/format';
import type { Translate } from '../../lib/i18n/translate';
import { isDigits } from '../../lib/validators';
import { CustomerLink } from '../customers/customerCells';

/** 骗贷客户 › 已标记: who is flagged, by whom, when and why. */
export const FRAUD_FIELDS: ListField<LoanFraudItem>[] = [
  { name: 'customerName', label: 'customers.customerName', filter: { type: 'text', maxLength: 30 } },
  { name: 'customerName', label: 'customers.customer', column: { width: 120, fixed: 'left', locked: true, render: (r) => <CustomerLink customerId={r.customerId} name={r.customerName} /> } },
  {
    name: 'customerPhone', label: 'customers.phone',
    filter: { type: 'text', maxLength: 11, inputMode: 'numeric', rule: { test: isDigits, message: 'error.onlyDigits' } },
    column: { width: 120 },
  },
  { name: 'reason', label: 'customers.reason', column: { width: 240, ellipsis: true } },
  { name: 'idCard', label: 'customers.idCard', filter: { type: 'text', maxLength: 18, upperCase: true }, column: { width: 180 } },
  { name: 'deptId', label: 'customers.dept', filter: { type: 'dept' } },
  { name: 'grade', label: 'customers.grade', column: { width: 96, align: 'center', card: 'extra', render: (r) => <CustomerGradeTag grade={r.grade} /> } },
  { name: 'flaggedBy', label: 'customers.flaggedBy', column: { width: 90 } },
  { name: 'flaggedAt', label: 'customers.flaggedAt', column: { width: 165 } },
  { name: 'fromSuggestion', label: 'customers.fromSuggestion', column: { width: 110, align: 'center', render: (r) => (r.fromSuggestion ? <Tag color="purple">✓</Tag> : EMPTY) } },
  { name: 'contractNo', label: 'customers.contractNo', column: { width: 160, render: (r) => r.loan?.contractNo ?? EMPTY } },
  { name: 'deptName4s', label: 'customers.dept', column: { width: 170 } },
];

export type FraudFilterValues = Partial<LoanFraudFilters>;
export const filtersFromQuery = (q: LoanFraudListQuery) => formValuesOf(FRAUD_FIELDS, q) as FraudFilterValues;
export const filtersToQuery = (v: FraudFilterValues) => queryOfForm(FRAUD_FIELDS, v) as LoanFraudFilters;
export const fraudColumns = (t: Translate): ListColumn<LoanFraudItem>[] => columnsOf(FRAUD_FIELDS, t);
