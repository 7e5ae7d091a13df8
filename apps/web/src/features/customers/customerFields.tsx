import {
  LOAN_STATUS_LABELS, LoanStatuses,
  type CustomerFilters, type CustomerListItem, type CustomerListQuery,
} from '@cvrisk/contracts';
import { Typography } from 'antd';
import { columnsOf, formValuesOf, queryOfForm, selectFromQuery, type ListField, type SelectOption } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { CustomerGradeTag, LoanStatusTag } from '../../components/StatusTags';
import { EMPTY } from '../../lib/format';
import type { Lang, Translate } from '../../lib/i18n/translate';
import { isDigits } from '../../lib/validators';
import { CarNow, CustomerLink, UnhandledTypes, yuan } from './customerCells';
import { gradeDictQuery } from './customers.queries';

const yesNo = (lang: Lang): SelectOption[] => [
  { value: 1, label: lang === 'zh' ? '是' : 'Yes' },
  { value: 0, label: lang === 'zh' ? '否' : 'No' },
];

/** 风险客户, field by field: its filters (form, address bar, list call, export) and its columns. */
export const CUSTOMER_FIELDS: ListField<CustomerListItem>[] = [
  { name: 'customerName', label: 'customers.customerName', filter: { type: 'text', maxLength: 30 } },
  {
    name: 'customerName', label: 'customers.customer',
    column: { width: 130, fixed: 'left', locked: true, render: (r) => <CustomerLink customerId={r.customerId} name={r.customerName} fraud={r.fraud} /> },
  },
  {
    name: 'customerPhone', label: 'customers.phone',
    filter: { type: 'text', maxLength: 11, inputMode: 'numeric', rule: { test: isDigits, message: 'error.onlyDigits' } },
    column: { width: 120 },
  },
  { name: 'idCard', label: 'customers.idCard', filter: { type: 'text', maxLength: 18, upperCase: true } },
  {
    name: 'grade', label: 'customers.grade',
    filter: selectFromQuery(gradeDictQuery, (grades, lang) => grades.map((g) => ({ value: g.code, label: lang === 'zh' ? g.name : g.nameEn }))),
    column: { width: 96, align: 'center', card: 'extra', render: (r) => <CustomerGradeTag grade={r.grade} /> },
  },
  { name: 'deptId', label: 'customers.dept', filter: { type: 'dept' } },
  { name: 'loanStatus', label: 'customers.loanStatus', filter: { type: 'select', options: (lang) => LoanStatuses.map((s) => ({ value: s, label: LOAN_STATUS_LABELS[s][lang] })) } },
  { name: 'overdue', label: 'customers.overdue', filter: { type: 'select', options: yesNo } },
  { name: 'fraud', label: 'customers.fraud', filter: { type: 'select', options: yesNo } },
  { name: 'hasUnhandled', label: 'customers.hasUnhandled', filter: { type: 'select', options: yesNo } },
  {
    name: 'unhandled', label: 'customers.unhandled',
    column: { width: 200, render: (r) => <UnhandledTypes types={r.unhandledByType} phone={r.customerPhone} /> },
  },
  {
    name: 'overdueDays', label: 'customers.overdueDays',
    column: { width: 96, align: 'right', render: (r) => (r.loan && r.loan.overdueDays > 0 ? <Typography.Text type="danger" strong>{r.loan.overdueDays}</Typography.Text> : (r.loan?.overdueDays ?? EMPTY)) },
  },
  {
    name: 'loanStatus', label: 'customers.loanStatus',
    column: { width: 90, align: 'center', render: (r) => (r.loan ? <LoanStatusTag status={r.loan.loanStatus} /> : EMPTY) },
  },
  { name: 'loanAmount', label: 'customers.loanAmount', column: { width: 120, align: 'right', render: (r) => (r.loan ? yuan(r.loan.loanAmount) : EMPTY) } },
  { name: 'car', label: 'customers.car', column: { width: 220, render: (r) => <CarNow car={r.car} /> } },
  { name: 'deptName4s', label: 'customers.dept', column: { width: 170 } },
  { name: 'createdAt', label: 'customers.createdAt', column: { width: 165 } },
];

/** The columns the server sorts by, and the sort key each sends. */
export const SORTABLE: Record<string, NonNullable<CustomerListQuery['sortField']>> = {
  unhandled: 'unhandled', grade: 'grade', overdueDays: 'overdueDays', loanAmount: 'loanAmount', createdAt: 'createdAt',
};

export type CustomerFilterValues = Partial<Omit<CustomerFilters, 'sortField' | 'sortOrder'>>;
export const filtersFromQuery = (q: CustomerListQuery) => formValuesOf(CUSTOMER_FIELDS, q) as CustomerFilterValues;
/** The form's filters, keeping the sort the table chose. */
export const filtersToQuery = (v: CustomerFilterValues, current: CustomerListQuery) =>
  ({ ...queryOfForm(CUSTOMER_FIELDS, v), sortField: current.sortField, sortOrder: current.sortOrder }) as CustomerFilters;
export const customerColumns = (t: Translate): ListColumn<CustomerListItem>[] => columnsOf(CUSTOMER_FIELDS, t);
