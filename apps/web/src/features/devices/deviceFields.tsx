import {
  DEVICE_KIND_LABELS, DEVICE_STATE_LABELS, DeviceKinds, DeviceStates,
  type DevExportQuery, type DevListQuery, type DeviceKind, type DeviceListItem, type DeviceState,
} from '@cvrisk/contracts';
import { terminalColumns } from '../../components/device/terminalColumns';
import { columnsOf, formValuesOf, queryOfForm, type FieldFilter, type ListField } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { DeviceKindTag, DeviceStateTag } from '../../components/StatusTags';
import type { DayRange } from '../../lib/filterValues';
import type { Translate } from '../../lib/i18n/translate';
import { ResetRegistrationButton } from './ResetRegistrationButton';

/** The device kind and state pickers, shared with the other device screens. */
export const DEVICE_KIND_FILTER: FieldFilter = { type: 'select', options: (lang) => DeviceKinds.map((k) => ({ value: k, label: DEVICE_KIND_LABELS[k][lang] })) };
export const DEVICE_STATE_FILTER: FieldFilter = { type: 'select', options: (lang) => DeviceStates.map((s) => ({ value: s, label: DEVICE_STATE_LABELS[s][lang] })) };

/**
 * 设备基础信息, field by field: what it filters by (form, address bar, list call and export) and
 * what it shows. A field without a filter is only a column, and the other way round.
 */
export const DEVICE_FIELDS: ListField<DeviceListItem>[] = [
  { name: 'deviceNumber', label: 'device.deviceNumber', filter: { type: 'text', maxLength: 30 }, column: { width: 150, fixed: 'left', locked: true } },
  {
    name: 'deviceKind', label: 'device.deviceKind',
    filter: DEVICE_KIND_FILTER,
    column: { title: 'device.kindColumn', width: 76, align: 'center', render: (r) => <DeviceKindTag kind={r.deviceKind} /> },
  },
  { name: 'model', label: 'device.model', column: { width: 110 } },
  { name: 'iccid', label: 'device.iccid', column: { width: 190 } },
  {
    name: 'state', label: 'device.state',
    filter: DEVICE_STATE_FILTER,
    column: { width: 104, align: 'center', render: (r) => <DeviceStateTag state={r.state} retired={r.retiredAt !== null} /> },
  },
  { name: 'deptId', label: 'device.dept', filter: { type: 'dept' } },
  { name: 'deptName', label: 'device.dealer', column: { width: 170 } },
  { name: 'financeName', label: 'device.finance', column: { width: 170 } },
  { name: 'carFrameNumber', label: 'device.carFrameNumber', filter: { type: 'text', maxLength: 17, upperCase: true }, column: { width: 196 } },
  { name: 'plateNumber', label: 'device.plateNumber', column: { width: 100 } },
  { name: 'customerName', label: 'device.customerName', filter: { type: 'text', maxLength: 30 }, column: { title: 'device.customer', width: 96 } },
  { name: 'installTime', label: 'device.installTime', filter: { type: 'dayRange', start: 'installTimeStart', end: 'installTimeEnd' }, column: { width: 165 } },
  { name: 'lastTime', label: 'device.lastTime', column: { width: 165 } },
  { name: 'heardTime', label: 'device.heardTime', column: { width: 165 } },
];

/** The filter form's values; the install range is picked by day. */
export type DeviceFilterValues = {
  deviceNumber?: string;
  deviceKind?: DeviceKind;
  state?: DeviceState;
  deptId?: number;
  carFrameNumber?: string;
  customerName?: string;
  installTime?: DayRange | null;
};

export const filtersFromQuery = (q: DevListQuery) => formValuesOf(DEVICE_FIELDS, q) as DeviceFilterValues;
export const filtersToQuery = (v: DeviceFilterValues) => queryOfForm(DEVICE_FIELDS, v) as DevExportQuery;

/** `listId` is given only to users holding device:reset: they get the 操作 column with 重置注册. */
export function deviceColumns(t: Translate, listId?: string): ListColumn<DeviceListItem>[] {
  const columns = [...columnsOf(DEVICE_FIELDS, t), ...terminalColumns(t)];
  if (!listId) return columns;
  return [
    ...columns,
    {
      key: 'action', title: t('common.action'), width: 100, fixed: 'right', locked: true, align: 'center',
      render: (_, r) => <ResetRegistrationButton device={r} listId={listId} />,
    },
  ];
}
