import {
  ALARM_STATE_LABELS, AlarmStates,
  type AlarmExportQuery, type AlarmListItem, type AlarmListQuery, type AlarmState,
} from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { dictName } from '../../components/DictSelect';
import { columnsOf, formValuesOf, queryOfForm, selectFromQuery, type ListField } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { DeviceKindTag } from '../../components/StatusTags';
import type { TimeRange } from '../../lib/filterValues';
import { formatSeconds } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';
import { alarmTypesQuery } from './alarms.queries';

/** An alarm still on wants attention; an ended one is history. */
const STATE_COLORS: Record<AlarmState, string> = { open: 'red', closed: 'default' };

/** Durations read `X天X小时X分` (server-behaviour §12); only an alarm shorter than a minute shows its seconds. */
export const wholeMinutes = (ms: number): number => (ms < 60_000 ? ms / 1000 : Math.floor(ms / 60_000) * 60);

function AlarmStateTag({ state }: { state: AlarmState }) {
  const { lang } = useI18n();
  return <Tag color={STATE_COLORS[state]}>{ALARM_STATE_LABELS[state][lang]}</Tag>;
}

function Duration({ ms }: { ms: number }) {
  const { lang } = useI18n();
  return formatSeconds(wholeMinutes(ms), lang);
}

/** The type's name in the console's language, from the types the filter loads; the server's name until then. */
function AlarmTypeName({ row }: { row: AlarmListItem }) {
  const { lang } = useI18n();
  const types = useQuery(alarmTypesQuery());
  const type = types.data?.find((x) => x.code === row.alarmType);
  return type ? dictName(type, lang) : row.alarmTypeName;
}

/**
 * 设备报警, field by field: what it filters by (form, address bar, list call and export) and what it
 * shows. The plate is filtered early in the form but shown after the times, hence its two entries.
 */
export const ALARM_FIELDS: ListField<AlarmListItem>[] = [
  {
    name: 'alarmType', label: 'riskAdmin.alarmType',
    filter: selectFromQuery(alarmTypesQuery, (types, lang) => types.map((x) => ({ value: x.code, label: dictName(x, lang) }))),
  },
  { name: 'deviceNumber', label: 'riskAdmin.deviceNumber', filter: { type: 'text', maxLength: 30 }, column: { width: 150, fixed: 'left', locked: true } },
  { name: 'plateNumber', label: 'riskAdmin.plateNumber', filter: { type: 'text', maxLength: 10, upperCase: true } },
  { name: 'deviceKind', label: 'riskAdmin.deviceKind', column: { width: 90, align: 'center', render: (r) => <DeviceKindTag kind={r.deviceKind} /> } },
  { name: 'alarmTypeName', label: 'riskAdmin.alarmType', column: { width: 150, ellipsis: true, render: (r) => <AlarmTypeName row={r} /> } },
  {
    name: 'state', label: 'riskAdmin.state',
    filter: { type: 'select', options: (lang) => AlarmStates.map((s) => ({ value: s, label: ALARM_STATE_LABELS[s][lang] })) },
    column: { width: 90, align: 'center', render: (r) => <AlarmStateTag state={r.state} /> },
  },
  { name: 'deptId', label: 'riskAdmin.dept', filter: { type: 'dept' } },
  { name: 'alarmTime', label: 'riskAdmin.alarmTime', filter: { type: 'timeRange', start: 'beginDate', end: 'endDate' } },
  { name: 'startTime', label: 'riskAdmin.startTime', column: { width: 165 } },
  { name: 'endTime', label: 'riskAdmin.endTime', column: { width: 165 } },
  { name: 'durationMs', label: 'riskAdmin.duration', column: { width: 130, align: 'right', render: (r) => <Duration ms={r.durationMs} /> } },
  { name: 'plateNumber', label: 'riskAdmin.plateNumber', column: { width: 100 } },
  { name: 'customerName', label: 'riskAdmin.customer', column: { width: 96 } },
  { name: 'deptName', label: 'riskAdmin.dealer', column: { width: 170 } },
  { name: 'address', label: 'riskAdmin.address', column: { width: 180 } },
  { name: 'coordinates', label: 'riskAdmin.coordinates', column: { width: 170, render: (r) => `${r.lng.toFixed(6)}, ${r.lat.toFixed(6)}` } },
];

/** The filter form's values; the alarm time is a date-time range on the alarm's start. */
export type AlarmFilterValues = {
  alarmType?: number;
  deviceNumber?: string;
  plateNumber?: string;
  deptId?: number;
  state?: AlarmState;
  alarmTime?: TimeRange | null;
};

export const filtersFromQuery = (q: AlarmListQuery) => formValuesOf(ALARM_FIELDS, q) as AlarmFilterValues;
export const filtersToQuery = (v: AlarmFilterValues) => queryOfForm(ALARM_FIELDS, v) as AlarmExportQuery;
export const alarmColumns = (t: Translate): ListColumn<AlarmListItem>[] => columnsOf(ALARM_FIELDS, t);
