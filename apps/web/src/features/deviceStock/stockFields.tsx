import { STOCK_STATE_LABELS, type DeviceKind, type StockCountQuery, type StockItem, type StockListQuery, type StockState } from '@cvrisk/contracts';
import { Tag, Tooltip } from 'antd';
import { columnsOf, formValuesOf, queryOfForm, type ListField } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { DeviceKindTag } from '../../components/StatusTags';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';
import { DEVICE_KIND_FILTER } from '../devices/deviceFields';

const STATE_COLORS: Record<StockState, string> = { stock: 'green', installed: 'blue', retired: 'volcano' };

export function StockStateTag({ item }: { item: StockItem }) {
  const { t, lang } = useI18n();
  const tag = <Tag color={STATE_COLORS[item.stockState]}>{STOCK_STATE_LABELS[item.stockState][lang]}</Tag>;
  if (item.heldByOrder !== null) return <Tooltip title={t('deviceStock.heldTip', { id: item.heldByOrder })}>{tag}</Tooltip>;
  if (item.stockState === 'retired') return <Tooltip title={`${item.retiredAt ?? ''} ${item.retiredBy ?? ''}：${item.retireReason ?? ''}`}>{tag}</Tooltip>;
  return tag;
}

/** 设备库存, field by field: the filters (the state is the tabs above the table) and the columns. */
export const STOCK_FIELDS: ListField<StockItem>[] = [
  { name: 'deptId', label: 'deviceStock.dept', filter: { type: 'dept' } },
  { name: 'deviceNumber', label: 'device.deviceNumber', filter: { type: 'text', maxLength: 30, inputMode: 'numeric' }, column: { width: 160, fixed: 'left', locked: true } },
  { name: 'deviceKind', label: 'device.deviceKind', filter: DEVICE_KIND_FILTER, column: { title: 'device.kindColumn', width: 76, align: 'center', render: (r) => <DeviceKindTag kind={r.deviceKind} /> } },
  { name: 'stockState', label: 'deviceStock.state', column: { width: 90, align: 'center', card: 'extra', render: (r) => <StockStateTag item={r} /> } },
  { name: 'model', label: 'device.model', column: { width: 100 } },
  { name: 'iccid', label: 'device.iccid', column: { width: 190 } },
  { name: 'deptName', label: 'deviceStock.dept', column: { width: 170 } },
  { name: 'financeName', label: 'device.finance', column: { width: 170 } },
  { name: 'plateNumber', label: 'device.plateNumber', column: { width: 100 } },
  { name: 'installTime', label: 'device.installTime', column: { width: 165 } },
  { name: 'createdAt', label: 'deviceStock.createdAt', column: { width: 165 } },
  { name: 'retiredAt', label: 'deviceStock.retiredAt', column: { width: 165, card: 'ifSet' } },
  { name: 'retireReason', label: 'deviceStock.retireReason', column: { width: 160, ellipsis: true, card: 'ifSet' } },
];

export type StockFilterValues = { deptId?: number; deviceNumber?: string; deviceKind?: DeviceKind };

export const filtersFromQuery = (q: StockListQuery) => formValuesOf(STOCK_FIELDS, q) as StockFilterValues;
/** The form's filters; the state tab in use stays as it was. */
export const filtersToQuery = (v: StockFilterValues, current: StockListQuery) => ({ ...(queryOfForm(STOCK_FIELDS, v) as StockCountQuery), stockState: current.stockState });
export const stockColumns = (t: Translate): ListColumn<StockItem>[] => columnsOf(STOCK_FIELDS, t);
