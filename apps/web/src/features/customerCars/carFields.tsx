import {
  LOAN_STATUS_LABELS, LoanStatuses,
  type CarDeviceListItem, type CarDeviceListQuery, type CarExportQuery, type LoanStatus,
} from '@cvrisk/contracts';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { columnsOf, formValuesOf, queryOfForm, selectFromQuery, type ListField } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { LoanStatusTag, NoLiveDeviceTag } from '../../components/StatusTags';
import { EMPTY } from '../../lib/format';
import { portraitPath } from '../../lib/portraitLinks';
import type { Translate } from '../../lib/i18n/translate';
import { isDigits } from '../../lib/validators';
import { carBrandsQuery } from '../catalog/catalog.queries';

const devices = (list: string[]) => (list.length ? <span title={list.join('\n')}>{list.join('，')}</span> : EMPTY);
// A car whose devices were all taken off (retired) is tracked by nothing: said where its devices would be.
const hasNoDevice = (r: CarDeviceListItem) => r.wiredDevices.length === 0 && r.wirelessDevices.length === 0;

/**
 * 客户车辆, field by field: what it filters by (form, address bar, list call and export) and what
 * it shows. A field without a filter is only a column, and the other way round.
 */
export const CAR_FIELDS: ListField<CarDeviceListItem>[] = [
  {
    name: 'customerName', label: 'car.customerName', filter: { type: 'text', maxLength: 30 },
    column: { title: 'car.customer', width: 96, fixed: 'left', locked: true, render: (r) => <Link to={portraitPath({ customerId: r.customerId, carId: r.carId })}>{r.customerName}</Link> },
  },
  {
    name: 'customerPhone', label: 'car.phone',
    filter: { type: 'text', maxLength: 11, inputMode: 'numeric', rule: { test: isDigits, message: 'error.onlyDigits' } },
    column: { width: 120 },
  },
  { name: 'idCard', label: 'car.idCard', column: { width: 180 } },
  { name: 'carFrameNumber', label: 'car.carFrameNumber', filter: { type: 'text', maxLength: 17, upperCase: true }, column: { width: 196 } },
  { name: 'plateNumber', label: 'car.plateNumber', filter: { type: 'text', maxLength: 10, upperCase: true }, column: { width: 100 } },
  { name: 'deviceNumber', label: 'car.deviceNumber', filter: { type: 'text', maxLength: 30 } },
  { name: 'deptId', label: 'car.dept', filter: { type: 'dept' } },
  {
    name: 'brandId', label: 'car.brand',
    filter: selectFromQuery(carBrandsQuery, (brands) =>
      [...brands]
        .sort((a, b) => a.initial.localeCompare(b.initial) || a.brandName.localeCompare(b.brandName, 'zh-CN'))
        .map((b) => ({ value: b.id, label: b.brandName })),
    ),
  },
  { name: 'brandName', label: 'car.brand', column: { width: 100 } },
  { name: 'modelName', label: 'car.model', column: { width: 130 } },
  { name: 'color', label: 'car.color', column: { width: 70 } },
  { name: 'deptName4s', label: 'car.dealer', column: { width: 170 } },
  { name: 'deptName', label: 'car.finance', column: { width: 170 } },
  {
    name: 'loanStatus', label: 'car.loanStatus',
    filter: { type: 'select', options: (lang) => LoanStatuses.map((s) => ({ value: s, label: LOAN_STATUS_LABELS[s][lang] })) },
    column: { width: 90, align: 'center', render: (r) => <LoanStatusTag status={r.loanStatus} /> },
  },
  {
    name: 'overdueDays', label: 'car.overdueDays',
    column: { width: 90, align: 'right', render: (r) => (r.overdueDays > 0 ? <Typography.Text type="danger" strong>{r.overdueDays}</Typography.Text> : r.overdueDays) },
  },
  {
    name: 'wiredDevices', label: 'car.wiredDevices',
    column: { width: 150, ellipsis: { showTitle: false }, render: (r) => (hasNoDevice(r) ? <NoLiveDeviceTag /> : devices(r.wiredDevices)) },
  },
  { name: 'wirelessDevices', label: 'car.wirelessDevices', column: { width: 150, ellipsis: { showTitle: false }, render: (r) => devices(r.wirelessDevices) } },
  { name: 'createdAt', label: 'car.createdAt', column: { width: 165 } },
];

export type CarFilterValues = {
  customerName?: string;
  customerPhone?: string;
  carFrameNumber?: string;
  plateNumber?: string;
  deviceNumber?: string;
  deptId?: number;
  brandId?: number;
  loanStatus?: LoanStatus;
};

export const filtersFromQuery = (q: CarDeviceListQuery) => formValuesOf(CAR_FIELDS, q) as CarFilterValues;
export const filtersToQuery = (v: CarFilterValues) => queryOfForm(CAR_FIELDS, v) as CarExportQuery;
export const carColumns = (t: Translate): ListColumn<CarDeviceListItem>[] => columnsOf(CAR_FIELDS, t);
