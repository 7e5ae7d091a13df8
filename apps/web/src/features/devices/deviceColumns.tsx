import type { DeviceListItem } from '@cvrisk/contracts';
import type { ListColumn } from '../../components/ListTable';
import { textColumnOf } from '../../components/textColumn';
import { DeviceKindTag, DeviceStateTag } from '../../components/StatusTags';
import type { Translate } from '../../lib/i18n/translate';

type Column = ListColumn<DeviceListItem>;

const textColumn = textColumnOf<DeviceListItem>();

export function deviceColumns(t: Translate): Column[] {
  return [
    textColumn('deviceNumber', t('device.deviceNumber'), 150, { fixed: 'left', locked: true }),
    { key: 'deviceKind', dataIndex: 'deviceKind', title: t('device.kindColumn'), width: 76, align: 'center', render: (_, r) => <DeviceKindTag kind={r.deviceKind} /> },
    textColumn('model', t('device.model'), 110),
    textColumn('iccid', t('device.iccid'), 190),
    { key: 'state', dataIndex: 'state', title: t('device.state'), width: 104, align: 'center', render: (_, r) => <DeviceStateTag state={r.state} /> },
    textColumn('deptName', t('device.dealer'), 170),
    textColumn('financeName', t('device.finance'), 170),
    textColumn('carFrameNumber', t('device.carFrameNumber'), 196),
    textColumn('plateNumber', t('device.plateNumber'), 100),
    textColumn('customerName', t('device.customer'), 96),
    textColumn('installTime', t('device.installTime'), 165),
    textColumn('lastTime', t('device.lastTime'), 165),
  ];
}
