import {
  periodDayKeys, scoreLevel, ScoreLevels,
  type CarMileageRow, type DriveBehaviorRow, type IgnitionRow, type MileageRow, type ReportExportQuery, type ReportSummary,
  type TimesParkingRow, type TravelRow, type UbiBehaviorRow, type WeekParkingRow,
} from '@cvrisk/contracts';
import type { Scope } from '../../lib/scope.js';
import type { CarSumsRow, DailyRepository, Summed, Sums } from './daily.repository.js';
import type { CarFilter } from './report-cars.js';
import { dayText, monthsOf, weeksOf, type Bucket } from './periods.js';
import { COLUMNS } from './report-columns.js';
import { isDesc, type ReportDef } from './report-def.js';
import { behaviourOf, carOf, km, round2, scoreOf, travelOf, ubiBehaviourOf } from './report-mapping.js';

type Period = CarFilter & { beginDate: string; endDate: string };
const filterOf = <T extends Period>(q: T) => ({ ...q, ...periodDayKeys(q) });
const hours = (ms: number) => round2(ms / 3600_000);

/** Figures of the whole selection by day, folded into spans (weeks, months) or kept per day. */
async function bySpan(daily: DailyRepository, scope: Scope, q: Period, spans: 'day' | 'week' | 'month') {
  const f = filterOf(q);
  const days = await daily.byDay(scope, f);
  const buckets: Bucket[] = spans === 'week' ? weeksOf(f.from, f.to) : spans === 'month' ? monthsOf(f.from, f.to) : days.map((d) => ({ from: d.day, to: d.day, label: dayText(d.day) }));
  return buckets.map((b) => {
    const inside = days.filter((d) => d.day >= b.from && d.day <= b.to);
    const add = (k: Summed) => inside.reduce((s, d) => s + d[k], 0);
    return { label: b.label, add, carDays: inside.reduce((s, d) => s + d.cars, 0) };
  });
}

/** The default order (no column chosen) puts the rows where `field` is above 0 first: first pages show cars that did something. */
const dataFirst = (sortField: string | undefined, field: Summed) => (sortField === undefined ? { dataFirst: field } : {});

const totalOf = (spans: { add: (k: Summed) => number }[], k: Summed) => spans.reduce((s, x) => s + x.add(k), 0);

/** Reports over cars' days: 里程报表, 点火统计, 车辆里程 by day. */
export function mileageReport(daily: DailyRepository): ReportDef<ReportExportQuery<'mileage'>, MileageRow> {
  const field = { day: 'day', mileage: 'mileage_m', driveMs: 'drive_ms', maxSpeed: 'max_speed' } as const;
  return {
    title: '里程报表',
    async page(scope, q, offset, limit) {
      const sort = { field: field[q.sortField ?? 'day'], desc: isDesc(q.sortOrder, q.sortField), ...dataFirst(q.sortField, 'mileage_m') };
      const { rows, count } = await daily.days(scope, filterOf(q), sort, offset, limit);
      const list = rows.map((r) => ({
        ...carOf(r), day: dayText(r.day), mileageKm: km(r.mileage_m), driveMs: r.drive_ms, maxSpeed: r.max_speed, nightMileageKm: km(r.night_mileage_m), trips: r.trips,
      }));
      return { list, count };
    },
    async summary(scope, q) {
      const spans = await bySpan(daily, scope, q, 'day');
      return {
        totals: { mileageKm: km(totalOf(spans, 'mileage_m')), driveHours: hours(totalOf(spans, 'drive_ms')), carDays: spans.reduce((s, x) => s + x.carDays, 0) },
        categories: spans.map((s) => s.label),
        series: [{ name: 'mileageKm', data: spans.map((s) => km(s.add('mileage_m'))) }],
      };
    },
    columns: COLUMNS.mileage,
  };
}

export function ignitionReport(daily: DailyRepository): ReportDef<ReportExportQuery<'ignition'>, IgnitionRow> {
  const field = { day: 'day', accOnMs: 'acc_on_ms', accOnCount: 'acc_on_count' } as const;
  return {
    title: '点火统计',
    async page(scope, q, offset, limit) {
      const sort = { field: field[q.sortField ?? 'day'], desc: isDesc(q.sortOrder, q.sortField), ...dataFirst(q.sortField, 'acc_on_ms') };
      const { rows, count } = await daily.days(scope, filterOf(q), sort, offset, limit);
      return { list: rows.map((r) => ({ ...carOf(r), day: dayText(r.day), accOnCount: r.acc_on_count, accOnMs: r.acc_on_ms })), count };
    },
    async summary(scope, q) {
      const spans = await bySpan(daily, scope, q, 'day');
      return {
        totals: { accOnHours: hours(totalOf(spans, 'acc_on_ms')), accOnCount: totalOf(spans, 'acc_on_count') },
        categories: spans.map((s) => s.label),
        series: [{ name: 'accOnHours', data: spans.map((s) => hours(s.add('acc_on_ms'))) }, { name: 'accOnCount', data: spans.map((s) => s.add('acc_on_count')) }],
      };
    },
    columns: COLUMNS.ignition,
  };
}

export function carMileageReport(daily: DailyRepository): ReportDef<ReportExportQuery<'carMileage'>, CarMileageRow> {
  return {
    title: '车辆里程',
    async page(scope, q, offset, limit) {
      const f = filterOf(q);
      const desc = isDesc(q.sortOrder, q.sortField);
      if (q.granularity === 'day') {
        const { rows, count } = await daily.days(scope, f, { field: q.sortField === 'mileage' ? 'mileage_m' : 'day', desc, ...dataFirst(q.sortField, 'mileage_m') }, offset, limit);
        return { list: rows.map((r) => ({ ...carOf(r), period: dayText(r.day), mileageKm: km(r.mileage_m), days: r.mileage_m > 0 ? 1 : 0, driveMs: r.drive_ms })), count };
      }
      const buckets = q.granularity === 'week' ? weeksOf(f.from, f.to) : monthsOf(f.from, f.to);
      const { rows, count } = await daily.buckets(scope, f, buckets, { field: q.sortField === 'mileage' ? 'mileage_m' : 'bucket', desc, ...dataFirst(q.sortField, 'mileage_m') }, offset, limit);
      return { list: rows.map((r) => ({ ...carOf(r), period: r.bucket, mileageKm: km(r.mileage_m), days: r.days, driveMs: r.drive_ms })), count };
    },
    async summary(scope, q) {
      const spans = await bySpan(daily, scope, q, q.granularity);
      return {
        totals: { mileageKm: km(totalOf(spans, 'mileage_m')), driveHours: hours(totalOf(spans, 'drive_ms')) },
        categories: spans.map((s) => s.label),
        series: [{ name: 'mileageKm', data: spans.map((s) => km(s.add('mileage_m'))) }],
      };
    },
    columns: COLUMNS.carMileage,
  };
}

export function weekParkingReport(daily: DailyRepository): ReportDef<ReportExportQuery<'weekParking'>, WeekParkingRow> {
  const field = { week: 'bucket', stops: 'stops', stopMs: 'stop_ms' } as const;
  return {
    title: '周停车报表',
    async page(scope, q, offset, limit) {
      const f = filterOf(q);
      const sort = { field: field[q.sortField ?? 'week'], desc: isDesc(q.sortOrder, q.sortField), ...dataFirst(q.sortField, 'stops') };
      const { rows, count } = await daily.buckets(scope, f, weeksOf(f.from, f.to), sort, offset, limit);
      return { list: rows.map((r) => ({ ...carOf(r), week: r.bucket, stops: r.stops, stopMs: r.stop_ms, nightStops: r.stops_night, days: r.days })), count };
    },
    async summary(scope, q) {
      const spans = await bySpan(daily, scope, q, 'week');
      return {
        totals: { stops: totalOf(spans, 'stops'), stopHours: hours(totalOf(spans, 'stop_ms')), nightStops: totalOf(spans, 'stops_night') },
        categories: spans.map((s) => s.label),
        series: [{ name: 'stops', data: spans.map((s) => s.add('stops')) }, { name: 'nightStops', data: spans.map((s) => s.add('stops_night')) }],
      };
    },
    columns: COLUMNS.weekParking,
  };
}

const BANDS = ['night', 'morning', 'day', 'evening'] as const;

export function timesParkingReport(daily: DailyRepository): ReportDef<ReportExportQuery<'timesParking'>, TimesParkingRow> {
  const field = { deviceNumber: 'device_number', total: 'stops', night: 'stops_night', stopMs: 'stop_ms' } as const;
  return {
    title: '时段停车报表',
    async page(scope, q, offset, limit) {
      const name = q.sortField ?? 'deviceNumber';
      const { rows, count } = await daily.cars(scope, filterOf(q), { field: field[name], desc: isDesc(q.sortOrder, name), ...dataFirst(q.sortField, 'stops') }, offset, limit);
      const list = rows.map((r) => ({
        ...carOf(r), night: r.stops_night, morning: r.stops_morning, day: r.stops_day, evening: r.stops_evening, total: r.stops, stopMs: r.stop_ms,
      }));
      return { list, count };
    },
    async summary(scope, q) {
      const spans = await bySpan(daily, scope, q, 'day');
      const band = BANDS.map((b) => totalOf(spans, `stops_${b}`));
      return {
        totals: { ...Object.fromEntries(BANDS.map((b, i) => [b, band[i]!])), stops: totalOf(spans, 'stops'), stopHours: hours(totalOf(spans, 'stop_ms')) },
        categories: [...BANDS],
        series: [{ name: 'stops', data: band }],
      };
    },
    columns: COLUMNS.timesParking,
  };
}

/** Every car's score, for the score's order and its distribution. */
async function scored(daily: DailyRepository, scope: Scope, q: ReportExportQuery<'driveBehavior'>) {
  return (await daily.allCars(scope, filterOf(q))).map((r) => ({ r, score: scoreOf(r) }));
}

function scoreSummary(cars: { r: Sums; score: number | null }[]): ReportSummary {
  const dist = ScoreLevels.map((level) => cars.filter((c) => c.score !== null && scoreLevel(c.score) === level).length);
  const withScore = cars.filter((c) => c.score !== null);
  const sum = (k: Summed) => cars.reduce((s, c) => s + c.r[k], 0);
  return {
    totals: {
      cars: cars.length, mileageKm: km(sum('mileage_m')), harshAcc: sum('harsh_acc'), harshBrake: sum('harsh_brake'), speeding: sum('speeding'), fatigue: sum('fatigue'),
      nightHours: hours(sum('night_drive_ms')), averageScore: withScore.length ? Math.round(withScore.reduce((s, c) => s + c.score!, 0) / withScore.length) : 0,
    },
    categories: [...ScoreLevels],
    series: [{ name: 'cars', data: dist }],
  };
}

/** 驾驶行为 and UBI 驾驶行为: by car over the period; the score's order is the code's, the others the database's. */
function behaviourReport<Row>(title: string, toRow: (r: CarSumsRow) => Row, columns: ReportDef<ReportExportQuery<'driveBehavior'>, Row>['columns'], daily: DailyRepository): ReportDef<ReportExportQuery<'driveBehavior'>, Row> {
  const field = { deviceNumber: 'device_number', mileage: 'mileage_m', harshBrake: 'harsh_brake', speeding: 'speeding' } as const;
  return {
    title,
    async page(scope, q, offset, limit) {
      const name = q.sortField ?? 'deviceNumber';
      const desc = isDesc(q.sortOrder, name);
      if (name === 'score') {
        const cars = await scored(daily, scope, q);
        cars.sort((a, b) => ((a.score ?? -1) - (b.score ?? -1)) * (desc ? -1 : 1) || a.r.device_id - b.r.device_id);
        return { list: cars.slice(offset, offset + limit).map((c) => toRow(c.r)), count: cars.length };
      }
      const { rows, count } = await daily.cars(scope, filterOf(q), { field: field[name], desc, ...dataFirst(q.sortField, 'mileage_m') }, offset, limit);
      return { list: rows.map(toRow), count };
    },
    summary: async (scope, q) => scoreSummary(await scored(daily, scope, q)),
    columns,
  };
}

export const driveBehaviorReport = (daily: DailyRepository): ReportDef<ReportExportQuery<'driveBehavior'>, DriveBehaviorRow> =>
  behaviourReport('驾驶行为报表', behaviourOf, COLUMNS.driveBehavior, daily);
export const ubiBehaviorReport = (daily: DailyRepository): ReportDef<ReportExportQuery<'ubiBehavior'>, UbiBehaviorRow> =>
  behaviourReport('UBI驾驶行为', ubiBehaviourOf, COLUMNS.ubiBehavior, daily);

export function travelReport(daily: DailyRepository): ReportDef<ReportExportQuery<'travel'>, TravelRow> {
  const field = { deviceNumber: 'device_number', trips: 'trips', distance: 'trip_m', tripMs: 'trip_ms' } as const;
  return {
    title: '出行统计',
    async page(scope, q, offset, limit) {
      const name = q.sortField ?? 'deviceNumber';
      const { rows, count } = await daily.cars(scope, filterOf(q), { field: field[name], desc: isDesc(q.sortOrder, name), ...dataFirst(q.sortField, 'trips') }, offset, limit);
      return { list: rows.map(travelOf), count };
    },
    async summary(scope, q) {
      const spans = await bySpan(daily, scope, q, 'day');
      const tripM = totalOf(spans, 'trip_m');
      const tripMs = totalOf(spans, 'trip_ms');
      return {
        totals: { trips: totalOf(spans, 'trips'), distanceKm: km(tripM), tripHours: hours(tripMs), avgSpeedKmh: tripMs > 0 ? Math.round((tripM / 1000 / (tripMs / 3600_000)) * 10) / 10 : 0 },
        categories: spans.map((s) => s.label),
        series: [{ name: 'trips', data: spans.map((s) => s.add('trips')) }, { name: 'distanceKm', data: spans.map((s) => km(s.add('trip_m'))) }],
      };
    },
    columns: COLUMNS.travel,
  };
}

