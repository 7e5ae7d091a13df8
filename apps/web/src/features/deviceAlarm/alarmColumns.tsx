import { ALARM_STATE_LABELS, type AlarmListItem, type AlarmState } from '@cvrisk/contracts';
import { Tag } from 'antd';
import type { ListColumn } from '../../components/ListTable';
import { DeviceKindTag } from '../../components/StatusTags';
import { textColumnOf } from '../../components/textColumn';
import { formatSeconds } from '../../lib/format';
import type { Lang, Translate } from '../../lib/i18n/translate';

type Column = ListColumn<AlarmListItem>;

const textColumn = textColumnOf<AlarmListItem>();
/** An alarm still on wants attention; an ended one is history. */
const STATE_COLORS: Record<AlarmState, string> = { open: 'red', closed: 'default' };

/** Durations read `X天X小时X分` (server-behaviour §12); only an alarm shorter than a minute shows its seconds. */
export const wholeMinutes = (ms: number): number => (ms < 60_000 ? ms / 1000 : Math.floor(ms / 60_000) * 60);

export function alarmColumns(t: Translate, lang: Lang, typeName: (code: number) => string | undefined): Column[] {
  return [
    textColumn('deviceNumber', t('riskAdmin.deviceNumber'), 150, { fixed: 'left', locked: true }),
    { key: 'deviceKind', dataIndex: 'deviceKind', title: t('riskAdmin.deviceKind'), width: 90, align: 'center', render: (_, r) => <DeviceKindTag kind={r.deviceKind} /> },
    { ...textColumn('alarmTypeName', t('riskAdmin.alarmType'), 150), render: (_, r) => typeName(r.alarmType) ?? r.alarmTypeName },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('riskAdmin.state'),
      width: 90,
      align: 'center',
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{ALARM_STATE_LABELS[r.state][lang]}</Tag>,
    },
    textColumn('startTime', t('riskAdmin.startTime'), 165),
    textColumn('endTime', t('riskAdmin.endTime'), 165),
    {
      key: 'durationMs',
      dataIndex: 'durationMs',
      title: t('riskAdmin.duration'),
      width: 130,
      align: 'right',
      render: (ms: number) => formatSeconds(wholeMinutes(ms), lang),
    },
    textColumn('plateNumber', t('riskAdmin.plateNumber'), 100),
    textColumn('customerName', t('riskAdmin.customer'), 96),
    textColumn('deptName', t('riskAdmin.dealer'), 170),
    textColumn('address', t('riskAdmin.address'), 180),
    {
      key: 'coordinates',
      title: t('riskAdmin.coordinates'),
      width: 170,
      render: (_, r) => `${r.lng.toFixed(6)}, ${r.lat.toFixed(6)}`,
    },
  ];
}
