import {
  SCORE_LEVEL_LABELS, WARNING_TYPE_BY_CODE, WARNING_TYPE_CODES,
  type CarMileageRow, type DriveBehaviorRow, type IgnitionRow, type MileageRow, type ParkingRow, type ReportName,
  type TimesParkingRow, type TravelRow, type UbiBehaviorRow, type WarningStatRow, type WeekParkingRow,
} from '@cvrisk/contracts';
import { Space } from 'antd';
import type { ListField } from '../../components/listFields';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Lang, MessageKey } from '../../lib/i18n/translate';
import type { ChartKind } from './reportChartOption';
import { carColumns, carDetails, carFilters, dayTime, duration, granularityField, linksColumn, num, OngoingTag, periodField } from './reportFields';

/**
 * One report screen: its call set, its fields (filters then columns), which columns sort and by what,
 * and how its summary is drawn. Every screen is this declaration and the one ReportScreen.
 */
export type ReportScreenDef<T> = {
  name: ReportName;
  title: MessageKey;
  /** In the console's language where a header is data (warning types). */
  fields: ListField<T>[] | ((lang: Lang) => ListField<T>[]);
  /** Column key → the call's sortField. */
  sortable: Record<string, string>;
  chart: { kind: ChartKind; title: MessageKey };
  /** The summary's totals shown, in order. */
  totals: string[];
};

const filters = <T,>(...extra: ListField<T>[]): ListField<T>[] => [periodField<T>(), ...extra, ...carFilters<T>()];

function Level({ row }: { row: UbiBehaviorRow }) {
  const { lang } = useI18n();
  return row.level ? SCORE_LEVEL_LABELS[row.level][lang] : '-';
}

function StopEnd({ row }: { row: ParkingRow }) {
  return (
    <Space size={4}>
      {row.endTime}
      {row.ongoing && <OngoingTag />}
    </Space>
  );
}

/** Distance, time and night time first (what a 992 px window shows beside the car), then the events. */
const behaviour = <T extends DriveBehaviorRow>(): ListField<T>[] => [
  num<T>('mileageKm', 'report.mileageKm'),
  duration<T>('driveMs', 'report.driveTime'),
  duration<T>('nightDriveMs', 'report.nightDrive'),
  num<T>('score', 'report.score', 76),
  num<T>('harshAcc', 'report.harshAcc', 84),
  num<T>('harshBrake', 'report.harshBrake', 84),
  num<T>('speeding', 'report.speeding', 76),
  num<T>('fatigue', 'report.fatigue', 90),
];

export const SCREENS = {
  parking: {
    name: 'parking', title: 'report.parking',
    fields: [
      ...filters<ParkingRow>(), ...carColumns<ParkingRow>(),
      duration<ParkingRow>('durationMs', 'report.duration'),
      { name: 'startTime', label: 'report.startTime', column: { width: 165 } },
      { name: 'endTime', label: 'report.endTime', column: { width: 230, render: (r) => <StopEnd row={r} /> } },
      { name: 'address', label: 'report.address', column: { width: 220 } },
      ...carDetails<ParkingRow>(),
      linksColumn<ParkingRow>((r) => ({ startTime: r.startTime, endTime: r.endTime })),
    ],
    sortable: { startTime: 'startTime', durationMs: 'duration' },
    chart: { kind: 'places', title: 'report.chart.hotspots' },
    totals: ['stops'],
  } satisfies ReportScreenDef<ParkingRow>,
  weekParking: {
    name: 'weekParking', title: 'report.weekParking',
    fields: [
      ...filters<WeekParkingRow>(), ...carColumns<WeekParkingRow>(),
      { name: 'week', label: 'report.week', column: { width: 120 } },
      num<WeekParkingRow>('stops', 'report.stops'), duration<WeekParkingRow>('stopMs', 'report.stopTime', 140),
      num<WeekParkingRow>('nightStops', 'report.nightStops'), num<WeekParkingRow>('days', 'report.days', 70),
      ...carDetails<WeekParkingRow>(), linksColumn<WeekParkingRow>(null),
    ],
    sortable: { week: 'week', stops: 'stops', stopMs: 'stopMs' },
    chart: { kind: 'spans', title: 'report.chart.perWeek' },
    totals: ['stops', 'stopHours', 'nightStops'],
  } satisfies ReportScreenDef<WeekParkingRow>,
  timesParking: {
    name: 'timesParking', title: 'report.timesParking',
    fields: [
      ...filters<TimesParkingRow>(), ...carColumns<TimesParkingRow>(),
      num<TimesParkingRow>('total', 'report.total', 80), duration<TimesParkingRow>('stopMs', 'report.stopTime', 140),
      num<TimesParkingRow>('night', 'report.band.night', 110), num<TimesParkingRow>('morning', 'report.band.morning', 110),
      num<TimesParkingRow>('day', 'report.band.day', 110), num<TimesParkingRow>('evening', 'report.band.evening', 110),
      ...carDetails<TimesParkingRow>(), linksColumn<TimesParkingRow>(null),
    ],
    sortable: { deviceNumber: 'deviceNumber', night: 'night', total: 'total', stopMs: 'stopMs' },
    chart: { kind: 'bands', title: 'report.chart.bands' },
    totals: ['stops', 'night', 'morning', 'day', 'evening', 'stopHours'],
  } satisfies ReportScreenDef<TimesParkingRow>,
  mileage: {
    name: 'mileage', title: 'report.mileage',
    fields: [
      ...filters<MileageRow>(), ...carColumns<MileageRow>(),
      { name: 'day', label: 'report.day', column: { width: 110 } },
      num<MileageRow>('mileageKm', 'report.mileageKm'), duration<MileageRow>('driveMs', 'report.driveTime'),
      num<MileageRow>('nightMileageKm', 'report.nightMileageKm', 120), num<MileageRow>('maxSpeed', 'report.maxSpeed', 130), num<MileageRow>('trips', 'report.trips', 80),
      ...carDetails<MileageRow>(), linksColumn<MileageRow>((r) => dayTime(r.day)),
    ],
    sortable: { day: 'day', mileageKm: 'mileage', driveMs: 'driveMs', maxSpeed: 'maxSpeed' },
    chart: { kind: 'days', title: 'report.chart.perDay' },
    totals: ['mileageKm', 'driveHours', 'carDays'],
  } satisfies ReportScreenDef<MileageRow>,
  driveBehavior: {
    name: 'driveBehavior', title: 'report.driveBehavior',
    fields: [...filters<DriveBehaviorRow>(), ...carColumns<DriveBehaviorRow>(), ...behaviour<DriveBehaviorRow>(), ...carDetails<DriveBehaviorRow>(), linksColumn<DriveBehaviorRow>(null)],
    sortable: { deviceNumber: 'deviceNumber', score: 'score', mileageKm: 'mileage', harshBrake: 'harshBrake', speeding: 'speeding' },
    chart: { kind: 'levels', title: 'report.chart.scores' },
    totals: ['cars', 'mileageKm', 'averageScore', 'harshAcc', 'harshBrake', 'speeding', 'fatigue', 'nightHours'],
  } satisfies ReportScreenDef<DriveBehaviorRow>,
  carMileage: {
    name: 'carMileage', title: 'report.carMileage',
    fields: [
      ...filters<CarMileageRow>(granularityField<CarMileageRow>()), ...carColumns<CarMileageRow>(),
      { name: 'period', label: 'report.period.row', column: { width: 120 } },
      num<CarMileageRow>('mileageKm', 'report.mileageKm'), num<CarMileageRow>('days', 'report.days', 70), duration<CarMileageRow>('driveMs', 'report.driveTime'),
      ...carDetails<CarMileageRow>(),
      // A week or month row has no one day to replay.
      linksColumn<CarMileageRow>((r) => (r.period.length === 10 && r.days <= 1 ? dayTime(r.period) : null)),
    ],
    sortable: { period: 'period', mileageKm: 'mileage' },
    chart: { kind: 'spans', title: 'report.chart.perSpan' },
    totals: ['mileageKm', 'driveHours'],
  } satisfies ReportScreenDef<CarMileageRow>,
  ignition: {
    name: 'ignition', title: 'report.ignition',
    fields: [
      ...filters<IgnitionRow>(), ...carColumns<IgnitionRow>(),
      { name: 'day', label: 'report.day', column: { width: 110 } },
      num<IgnitionRow>('accOnCount', 'report.accOnCount'), duration<IgnitionRow>('accOnMs', 'report.accOnTime'),
      ...carDetails<IgnitionRow>(), linksColumn<IgnitionRow>((r) => dayTime(r.day)),
    ],
    sortable: { day: 'day', accOnCount: 'accOnCount', accOnMs: 'accOnMs' },
    chart: { kind: 'days', title: 'report.chart.perDay' },
    totals: ['accOnHours', 'accOnCount'],
  } satisfies ReportScreenDef<IgnitionRow>,
  travel: {
    name: 'travel', title: 'report.travel',
    fields: [
      ...filters<TravelRow>(), ...carColumns<TravelRow>(),
      num<TravelRow>('trips', 'report.trips', 80), num<TravelRow>('distanceKm', 'report.tripDistance', 120),
      duration<TravelRow>('tripMs', 'report.tripTime'), num<TravelRow>('avgSpeedKmh', 'report.avgSpeed', 130),
      ...carDetails<TravelRow>(), linksColumn<TravelRow>(null),
    ],
    sortable: { deviceNumber: 'deviceNumber', trips: 'trips', distanceKm: 'distance', tripMs: 'tripMs' },
    chart: { kind: 'days', title: 'report.chart.perDay' },
    totals: ['trips', 'distanceKm', 'tripHours', 'avgSpeedKmh'],
  } satisfies ReportScreenDef<TravelRow>,
  ubiBehavior: {
    name: 'ubiBehavior', title: 'report.ubiBehavior',
    fields: [
      ...filters<UbiBehaviorRow>(), ...carColumns<UbiBehaviorRow>(), ...behaviour<UbiBehaviorRow>(),
      { name: 'level', label: 'report.level', column: { width: 70, align: 'center', card: 'extra', render: (r) => <Level row={r} /> } },
      num<UbiBehaviorRow>('harshBrakePer100', 'report.harshBrakePer100', 120), num<UbiBehaviorRow>('speedingPer100', 'report.speedingPer100', 110),
      { name: 'nightShare', label: 'report.nightShare', column: { width: 90, align: 'right', render: (r) => `${Math.round(r.nightShare * 100)}%` } },
      ...carDetails<UbiBehaviorRow>(), linksColumn<UbiBehaviorRow>(null),
    ],
    sortable: { deviceNumber: 'deviceNumber', score: 'score', mileageKm: 'mileage' },
    chart: { kind: 'levels', title: 'report.chart.scores' },
    totals: ['cars', 'mileageKm', 'averageScore', 'harshBrake', 'speeding', 'fatigue'],
  } satisfies ReportScreenDef<UbiBehaviorRow>,
  dealerStats: statsScreen('dealerStats', 'report.dealerStats'),
  installerStats: statsScreen('installerStats', 'report.installerStats'),
};

/** A plain number, so that a phone's card can leave out the types with none. */
const typeCount = (row: WarningStatRow, code: number) => row.byType.find((c) => c.warningType === code)?.count ?? 0;

function statsScreen(name: 'dealerStats' | 'installerStats', title: MessageKey): ReportScreenDef<WarningStatRow> {
  return {
    name, title,
    fields: (lang) => [
      periodField<WarningStatRow>(),
      { name: 'deptId', label: 'report.dept', filter: { type: 'dept' } },
      { name: 'deptName', label: 'report.dept.name', column: { width: 200, fixed: 'left', locked: true } },
      num<WarningStatRow>('devices', 'report.devices', 80),
      num<WarningStatRow>('total', 'report.total', 80),
      num<WarningStatRow>('per100', 'report.per100Devices', 110),
      ...WARNING_TYPE_CODES.map((code): ListField<WarningStatRow> => ({
        name: `type${code}`, label: 'report.warnings', column: { width: 96, align: 'right', heading: WARNING_TYPE_BY_CODE[code][lang], card: 'ifSet', render: (r) => typeCount(r, code) },
      })),
    ],
    sortable: { devices: 'devices', total: 'total', per100: 'per100' },
    chart: { kind: 'heat', title: 'report.chart.heat' },
    totals: ['warnings', 'devices', 'per100'],
  };
}
