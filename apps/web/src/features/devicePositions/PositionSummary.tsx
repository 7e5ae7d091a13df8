import type { DevicePositionItem } from '@cvrisk/contracts';
import { Descriptions } from 'antd';
import { AccTag, DeviceKindTag, DeviceStateTag } from '../../components/StatusTags';
import { EMPTY, orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { formatHeading } from '../../lib/compass';
import { BatteryLevel, SignalBars } from '../../components/device/PositionCells';

const pair = (lng: number | null, lat: number | null) => (lng === null || lat === null ? EMPTY : `${lng.toFixed(6)}, ${lat.toFixed(6)}`);

/** The top of the command drawer: where the device is and how it is, so the operator knows what a command will meet. */
export function PositionSummary({ device }: { device: DevicePositionItem }) {
  const { t, lang } = useI18n();
  const d = device;
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      className="position-summary"
      items={[
        { key: 'state', label: t('device.state'), children: <><DeviceStateTag state={d.state} retired={d.retiredAt !== null} /><DeviceKindTag kind={d.deviceKind} /></> },
        { key: 'lastTime', label: t('position.fixTime'), children: orDash(d.lastTime) },
        { key: 'wgs', label: 'WGS-84', children: <span className="coordinates">{pair(d.lng, d.lat)}</span> },
        { key: 'gcj', label: 'GCJ-02', children: <span className="coordinates">{pair(d.gaodeLng, d.gaodeLat)}</span> },
        { key: 'address', label: t('position.address'), span: 2, children: orDash(d.address) },
        { key: 'speed', label: t('position.speed'), children: d.speed === null ? EMPTY : d.speed.toFixed(1) },
        { key: 'direction', label: t('position.direction'), children: d.direction === null ? EMPTY : formatHeading(d.direction, lang) },
        { key: 'acc', label: t('position.acc'), children: <AccTag acc={d.acc} /> },
        { key: 'battery', label: t('position.battery'), children: <BatteryLevel percent={d.battery} /> },
        { key: 'signal', label: t('position.signal'), children: <SignalBars csq={d.signal} /> },
        { key: 'satellites', label: t('position.satellites'), children: orDash(d.satellites) },
        { key: 'plate', label: t('device.plateNumber'), children: orDash(d.plateNumber) },
        { key: 'customer', label: t('device.customer'), children: orDash(d.customerName) },
      ]}
    />
  );
}
