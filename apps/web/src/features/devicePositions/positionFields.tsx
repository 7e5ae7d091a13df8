import type { DevLatestExportQuery, DevLatestQuery, DeviceKind, DevicePositionItem, DeviceState } from '@cvrisk/contracts';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { BatteryLevel, Coordinates, SignalBars } from '../../components/device/PositionCells';
import { InvalidPositions } from '../../components/device/TerminalCells';
import { columnsOf, formValuesOf, queryOfForm, type ListField, type TimePreset } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { AccTag, DeviceKindTag, DeviceStateTag } from '../../components/StatusTags';
import { formatHeading } from '../../lib/compass';
import type { TimeRange } from '../../lib/filterValues';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';
import { DEVICE_KIND_FILTER, DEVICE_STATE_FILTER } from '../devices/deviceFields';

/** A fixed number of decimals keeps the right-aligned figures in line. */
const fixed = (v: number | null, decimals: number) => (v === null ? EMPTY : v.toFixed(decimals));

function Heading({ degrees }: { degrees: number | null }) {
  const { lang } = useI18n();
  return degrees === null ? EMPTY : formatHeading(degrees, lang);
}

const LAST_TIME_PRESETS: TimePreset[] = [
  { label: 'position.lastHour', value: () => [dayjs().subtract(1, 'hour'), dayjs()] },
  { label: 'position.today', value: () => [dayjs().startOf('day'), dayjs()] },
  { label: 'position.last24h', value: () => [dayjs().subtract(24, 'hour'), dayjs()] },
  { label: 'position.last7d', value: () => [dayjs().subtract(7, 'day').startOf('day'), dayjs()] },
];

/**
 * 设备最新位置, field by field: what it filters by (form, address bar, list call and export) and
 * what it shows. The customer is shown early but filtered last, hence its two entries. 速度 stands
 * by 状态, where it is read with it and seen at any width: at the table's right, where the fixed 操作
 * column covers what has not been scrolled to, its right-aligned figures vanished whole. There the
 * address runs on instead, its start in view.
 */
export const POSITION_FIELDS: ListField<DevicePositionItem>[] = [
  { name: 'deviceNumber', label: 'device.deviceNumber', filter: { type: 'text', maxLength: 30 }, column: { width: 150, fixed: 'left', locked: true } },
  {
    name: 'deviceKind', label: 'device.deviceKind', filter: DEVICE_KIND_FILTER,
    column: { title: 'device.kindColumn', width: 70, align: 'center', render: (r) => <DeviceKindTag kind={r.deviceKind} /> },
  },
  { name: 'state', label: 'device.state', filter: DEVICE_STATE_FILTER, column: { width: 84, align: 'center', render: (r) => <DeviceStateTag state={r.state} retired={r.retiredAt !== null} /> } },
  { name: 'speed', label: 'position.speed', column: { width: 112, align: 'right', render: (r) => fixed(r.speed, 1) } },
  { name: 'deptId', label: 'device.dept', filter: { type: 'dept' } },
  { name: 'plateNumber', label: 'device.plateNumber', column: { width: 100 } },
  { name: 'customerName', label: 'device.customer', column: { width: 90 } },
  { name: 'deptName', label: 'device.dealer', column: { width: 160 } },
  {
    name: 'lastTime', label: 'position.lastTime',
    filter: { type: 'timeRange', start: 'lastTimeStart', end: 'lastTimeEnd', presets: LAST_TIME_PRESETS },
    column: { title: 'position.fixTime', width: 165 },
  },
  { name: 'carFrameNumber', label: 'device.carFrameNumber', filter: { type: 'text', maxLength: 17, upperCase: true } },
  { name: 'customerName', label: 'device.customerName', filter: { type: 'text', maxLength: 30 } },
  { name: 'address', label: 'position.address', column: { width: 220 } },
  { name: 'position', label: 'position.location', column: { width: 190, render: (r) => <Coordinates device={r} /> } },
  { name: 'direction', label: 'position.direction', column: { width: 96, render: (r) => <Heading degrees={r.direction} /> } },
  { name: 'acc', label: 'position.acc', column: { width: 66, align: 'center', render: (r) => <AccTag acc={r.acc} /> } },
  { name: 'battery', label: 'position.battery', column: { width: 100, render: (r) => <BatteryLevel percent={r.battery} /> } },
  { name: 'signal', label: 'position.signal', column: { width: 76, render: (r) => <SignalBars csq={r.signal} /> } },
  { name: 'satellites', label: 'position.satellites', column: { width: 92, align: 'right', render: (r) => fixed(r.satellites, 0) } },
  { name: 'invalidPositions', label: 'terminal.invalidPositions', column: { width: 96, align: 'right', render: (r) => <InvalidPositions device={r} /> } },
];

/** The filter form's values; the last report is picked to the second. */
export type PositionFilterValues = {
  deviceNumber?: string;
  deviceKind?: DeviceKind;
  state?: DeviceState;
  deptId?: number;
  lastTime?: TimeRange | null;
  carFrameNumber?: string;
  customerName?: string;
};

export const filtersFromQuery = (q: DevLatestQuery) => formValuesOf(POSITION_FIELDS, q) as PositionFilterValues;
export const filtersToQuery = (v: PositionFilterValues) => queryOfForm(POSITION_FIELDS, v) as DevLatestExportQuery;

/**
 * The latest-position table. `onCommand` is given only to users holding device:command; without
 * it the 操作 column is left out rather than shown empty.
 */
export function positionColumns(t: Translate, onCommand?: (device: DevicePositionItem) => void): ListColumn<DevicePositionItem>[] {
  const columns = columnsOf(POSITION_FIELDS, t);
  if (!onCommand) return columns;
  return [
    ...columns,
    {
      key: 'action', title: t('common.action'), width: 92, fixed: 'right', locked: true, align: 'center',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onCommand(r)}>
          {t('position.command')}
        </Button>
      ),
    },
  ];
}
