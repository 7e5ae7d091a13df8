import type { DeviceListItem } from '@cvrisk/contracts';
import { Button } from 'antd';
import type { ListColumn } from '../../components/ListTable';
import { textColumnOf } from '../../components/textColumn';
import { AccTag, DeviceKindTag, DeviceStateTag } from '../../components/StatusTags';
import { EMPTY } from '../../lib/format';
import type { Lang, Translate } from '../../lib/i18n/translate';
import { formatHeading } from './compass';
import { BatteryLevel, Coordinates, SignalBars } from './PositionCells';

type Column = ListColumn<DeviceListItem>;

const textColumn = textColumnOf<DeviceListItem>();

const numberColumn = (key: 'speed' | 'satellites', title: string, width: number, decimals: number): Column => ({
  key,
  dataIndex: key,
  title,
  width,
  align: 'right',
  // A fixed number of decimals keeps the right-aligned figures in line.
  render: (v: number | null) => (v === null ? EMPTY : v.toFixed(decimals)),
});

/**
 * The latest-position table. `onCommand` is given only to users holding device:command; without
 * it the 操作 column is left out rather than shown empty.
 */
export function positionColumns(t: Translate, lang: Lang, onCommand?: (device: DeviceListItem) => void): Column[] {
  const columns: Column[] = [
    textColumn('deviceNumber', t('device.deviceNumber'), 150, { fixed: 'left', locked: true }),
    { key: 'deviceKind', dataIndex: 'deviceKind', title: t('device.kindColumn'), width: 70, align: 'center', render: (_, r) => <DeviceKindTag kind={r.deviceKind} /> },
    { key: 'state', dataIndex: 'state', title: t('device.state'), width: 84, align: 'center', render: (_, r) => <DeviceStateTag state={r.state} /> },
    textColumn('plateNumber', t('device.plateNumber'), 100),
    textColumn('customerName', t('device.customer'), 90),
    textColumn('deptName', t('device.dealer'), 160),
    textColumn('lastTime', t('position.fixTime'), 165),
    { key: 'position', title: t('position.location'), width: 190, render: (_, r) => <Coordinates device={r} /> },
    numberColumn('speed', t('position.speed'), 112, 1),
    {
      key: 'direction',
      dataIndex: 'direction',
      title: t('position.direction'),
      width: 96,
      render: (v: number | null) => (v === null ? EMPTY : formatHeading(v, lang)),
    },
    { key: 'acc', dataIndex: 'acc', title: t('position.acc'), width: 66, align: 'center', render: (_, r) => <AccTag acc={r.acc} /> },
    { key: 'battery', dataIndex: 'battery', title: t('position.battery'), width: 100, render: (_, r) => <BatteryLevel percent={r.battery} /> },
    { key: 'signal', dataIndex: 'signal', title: t('position.signal'), width: 76, render: (_, r) => <SignalBars csq={r.signal} /> },
    numberColumn('satellites', t('position.satellites'), 92, 0),
  ];
  if (!onCommand) return columns;
  return [
    ...columns,
    {
      key: 'action',
      title: t('common.action'),
      width: 92,
      fixed: 'right',
      locked: true,
      align: 'center',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onCommand(r)}>
          {t('position.command')}
        </Button>
      ),
    },
  ];
}
