import { OVERDUE_BUCKETS, OverdueBuckets, type OverdueFilters, type OverdueListItem, type OverdueListQuery } from '@cvrisk/contracts';
import { Space, Tag, Typography } from 'antd';
import { columnsOf, formValuesOf, queryOfForm, selectFromQuery, type ListField } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { CustomerGradeTag } from '../../components/StatusTags';
import { EMPTY } from '../../lib/format';
import type { Translate } from '../../lib/i18n/translate';
import { isDigits } from '../../lib/validators';
import { CarNow, CustomerLink, yuan } from '../customers/customerCells';
import { gradeDictQuery } from '../customers/customers.queries';

const BUCKET_COLORS = { m1: 'gold', m2: 'orange', m3: 'volcano', m3plus: 'red' } as const;

/** 逾期客户: the collectors' chase list, field by field. */
export const OVERDUE_FIELDS: ListField<OverdueListItem>[] = [
  { name: 'customerName', label: 'customers.customerName', filter: { type: 'text', maxLength: 30 } },
  { name: 'customerName', label: 'customers.customer', column: { width: 120, fixed: 'left', locked: true, render: (r) => <CustomerLink customerId={r.customerId} name={r.customerName} /> } },
  {
    name: 'customerPhone', label: 'customers.phone',
    filter: { type: 'text', maxLength: 11, inputMode: 'numeric', rule: { test: isDigits, message: 'error.onlyDigits' } },
    column: { width: 120 },
  },
  { name: 'bucket', label: 'customers.bucket', filter: { type: 'select', options: (lang) => OverdueBuckets.map((b) => ({ value: b, label: OVERDUE_BUCKETS[b][lang] })) } },
  {
    name: 'online', label: 'customers.online',
    filter: { type: 'select', options: (lang) => [{ value: 1, label: lang === 'zh' ? '有设备在线' : 'Some online' }, { value: 0, label: lang === 'zh' ? '全部离线' : 'None online' }] },
  },
  {
    name: 'grade', label: 'customers.grade',
    filter: selectFromQuery(gradeDictQuery, (grades, lang) => grades.map((g) => ({ value: g.code, label: lang === 'zh' ? g.name : g.nameEn }))),
    column: { width: 96, align: 'center', card: 'extra', render: (r) => <CustomerGradeTag grade={r.grade} /> },
  },
  { name: 'deptId', label: 'customers.dept', filter: { type: 'dept' } },
  {
    name: 'overdueDays', label: 'customers.overdueDays',
    column: {
      width: 150, align: 'right',
      render: (r) => (
        <Space size={4}>
          <Tag color={BUCKET_COLORS[r.bucket]}>{r.bucket === 'm3plus' ? 'M3+' : r.bucket.toUpperCase()}</Tag>
          <Typography.Text type="danger" strong>{r.overdueDays}</Typography.Text>
        </Space>
      ),
    },
  },
  { name: 'overdueAmount', label: 'customers.overdueAmount', column: { width: 120, align: 'right', render: (r) => yuan(r.overdueAmount) } },
  { name: 'loanAmount', label: 'customers.loanAmount', column: { width: 120, align: 'right', render: (r) => yuan(r.loanAmount) } },
  { name: 'repaymentDay', label: 'customers.repaymentDay', column: { width: 80, align: 'right' } },
  { name: 'car', label: 'customers.carWhere', column: { width: 220, render: (r) => <CarNow car={r.car} /> } },
  {
    name: 'onlineDevices', label: 'customers.online',
    column: { width: 100, align: 'center', render: (r) => (r.devices === 0 ? EMPTY : <Typography.Text type={r.onlineDevices === 0 ? 'danger' : undefined}>{`${r.onlineDevices}/${r.devices}`}</Typography.Text>) },
  },
  { name: 'lastReport', label: 'customers.lastReport', column: { width: 165 } },
  { name: 'unhandledCount', label: 'customers.unhandled', column: { width: 100, align: 'right' } },
  { name: 'contractNo', label: 'customers.contractNo', column: { width: 160 } },
  { name: 'deptName4s', label: 'customers.dept', column: { width: 170 } },
];

export const SORTABLE: Record<string, NonNullable<OverdueListQuery['sortField']>> = {
  overdueDays: 'overdueDays', overdueAmount: 'overdueAmount', lastReport: 'lastReport',
};

export type OverdueFilterValues = Partial<Omit<OverdueFilters, 'sortField' | 'sortOrder'>>;
export const filtersFromQuery = (q: OverdueListQuery) => formValuesOf(OVERDUE_FIELDS, q) as OverdueFilterValues;
export const filtersToQuery = (v: OverdueFilterValues, current: OverdueListQuery) =>
  ({ ...queryOfForm(OVERDUE_FIELDS, v), sortField: current.sortField, sortOrder: current.sortOrder }) as OverdueFilters;
export const overdueColumns = (t: Translate): ListColumn<OverdueListItem>[] => columnsOf(OVERDUE_FIELDS, t);
