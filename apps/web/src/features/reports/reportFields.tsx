import { MileageGranularities, type ReportCar } from '@cvrisk/contracts';
import { Space, Tag } from 'antd';
import { Link } from 'react-router';
import type { FieldColumn, ListField } from '../../components/listFields';
import { formatSeconds } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/translate';
import { portraitPath } from '../../lib/portraitLinks';
import { REPORT_PRESETS } from '../../lib/rangePresets';

/** The period every report is read over, with the fleet-report presets (今天 … 上月). */
export const periodField = <T,>(): ListField<T> => ({
  name: 'period', label: 'report.period', filter: { type: 'dayRange', start: 'beginDate', end: 'endDate', presets: [...REPORT_PRESETS] },
});

/** Which cars: the department tree and a search by device, plate, frame number or customer. */
export const carFilters = <T,>(): ListField<T>[] => [
  { name: 'deptId', label: 'report.dept', filter: { type: 'dept' } },
  { name: 'deviceNumber', label: 'report.deviceNumber', filter: { type: 'text', maxLength: 30, inputMode: 'numeric' } },
  { name: 'plateNumber', label: 'report.plateNumber', filter: { type: 'text', maxLength: 10, upperCase: true } },
  { name: 'frameNumber', label: 'report.frameNumber', filter: { type: 'text', maxLength: 17, upperCase: true } },
  { name: 'customerName', label: 'report.customer', filter: { type: 'text', maxLength: 30 } },
];

const GRANULARITY_LABELS = { day: { zh: '按日', en: 'By day' }, week: { zh: '按周', en: 'By week' }, month: { zh: '按月', en: 'By month' } } as const;

export const granularityField = <T,>(): ListField<T> => ({
  name: 'granularity', label: 'report.granularity',
  filter: { type: 'select', options: (lang) => MileageGranularities.map((g) => ({ value: g, label: GRANULARITY_LABELS[g][lang] })) },
});

function Duration({ ms }: { ms: number }) {
  const { lang } = useI18n();
  return formatSeconds(Math.floor(ms / 60_000) * 60, lang);
}

/** Columns of a figure: right-aligned numbers, durations as `X小时X分`. */
export const num = <T,>(name: keyof T & string, label: MessageKey, width = 100): ListField<T> => ({ name, label, column: { width, align: 'right' } });
export const duration = <T,>(name: keyof T & string, label: MessageKey, width = 120): ListField<T> => ({
  name, label, column: { width, align: 'right', render: (r) => <Duration ms={r[name] as number} /> },
});

/**
 * The car a row is about: its device (fixed left) and plate. The row's figures come next, so that a
 * 992 px window shows them beside the car; its customer and dealer (`carDetails`) after them.
 */
export function carColumns<T extends ReportCar>(): ListField<T>[] {
  return [
    { name: 'deviceNumber', label: 'report.deviceNumber', column: { width: 150, fixed: 'left', locked: true } },
    { name: 'plateNumber', label: 'report.plateNumber', column: { width: 100 } },
  ];
}

/** Whose car and which dealer: the customer (to the portrait) and the dealer, after the figures. */
export function carDetails<T extends ReportCar>(): ListField<T>[] {
  const portrait: FieldColumn<T>['render'] = (r) => (r.customerId ? <Link to={portraitPath({ customerId: r.customerId })}>{r.customerName}</Link> : (r.customerName ?? '-'));
  return [
    { name: 'customerName', label: 'report.customer', column: { width: 96, render: portrait } },
    { name: 'deptName', label: 'report.dealer', column: { width: 170 } },
  ];
}

/** 轨迹 (the car's track over the row's time) and 画像, the two places a report row leads to. */
export function linksColumn<T extends ReportCar>(timeOf: ((row: T) => { startTime: string; endTime: string } | null) | null): ListField<T> {
  return {
    name: 'links', label: 'report.actions',
    column: {
      width: 110, fixed: 'right', locked: true,
      render: (r) => <RowLinks row={r} time={timeOf?.(r) ?? null} />,
    },
  };
}

function RowLinks({ row, time }: { row: ReportCar; time: { startTime: string; endTime: string } | null }) {
  const { t } = useI18n();
  return (
    <Space size={8}>
      {time && <Link to={`/monitor/trackPlayback?${new URLSearchParams({ deviceNumber: row.deviceNumber, ...time })}`}>{t('report.track')}</Link>}
      {row.customerId && <Link to={portraitPath({ customerId: row.customerId })}>{t('report.portrait')}</Link>}
    </Space>
  );
}

/** A day's track: the whole day. */
export const dayTime = (day: string) => ({ startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` });

export function OngoingTag() {
  const { t } = useI18n();
  return <Tag color="orange">{t('report.ongoing')}</Tag>;
}
