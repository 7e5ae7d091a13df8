import ExcelJS from 'exceljs';
import { ReportCalls, type ReportName } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL } from '../../lib/scope.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createDailyRepository } from './daily.repository.js';
import { trackBuilder } from '../../telemetry/derive/track-builder.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
type Dev = { id: number; device_number: string; plate_number: string; dept_id: number; car_id: number; customer_id: number };
const dev: Record<'d1' | 'd2' | 'other', Dev> = {} as never;
const MIN = 60_000;
// 2026-11-18 (a Wednesday) 08:00 in Shanghai.
const DAY = Date.UTC(2026, 10, 18, 0, 0, 0);
const PERIOD = { beginDate: '2026-11-16 00:00:00', endDate: '2026-11-22 23:59:59' };

async function deviceOf(deptId: number): Promise<Dev> {
  return t.db.selectFrom('device as d').innerJoin('car', 'car.id', 'd.car_id').select(['d.id', 'd.device_number', 'car.plate_number', 'd.dept_id', 'd.car_id', 'car.customer_id'])
    .where('d.dept_id', '=', deptId).where('d.kind', '=', 1).orderBy('d.id').executeTakeFirstOrThrow() as Promise<Dev>;
}

async function warning(d: Dev, type: number, at: number) {
  await t.db.insertInto('warning').values({
    dept_id: d.dept_id, device_id: d.id, car_id: d.car_id, customer_id: d.customer_id, warning_type: type, risk_level: 1, warning_time: at, last_time: at, place_key: `t${at}`,
  }).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'dealer1', 'installer1']) tokens[u] = await t.login(u);
  for (const u of await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute()) dept[u.username] = u.dept_id;
  const other = await t.db.selectFrom('dept').select('id').where('kind', '=', 'dealer').where('parent_id', '<>', dept.finance1!).orderBy('id').executeTakeFirstOrThrow();
  dev.d1 = await deviceOf(dept.dealer1!);
  dev.d2 = await deviceOf(dept.dealer2 ?? (await t.db.selectFrom('dept').select('id').where('parent_id', '=', dept.finance1!).where('kind', '=', 'dealer').where('id', '<>', dept.dealer1!).executeTakeFirstOrThrow()).id);
  dev.other = await deviceOf(other.id);
  // dealer1's car: parked, 20 km with a hard brake at the end, 40 minutes parked, 10 km more, parked: three stops, two trips.
  const d1 = trackBuilder(dev.d1.device_number, DAY).park(10 * MIN).drive(20 * MIN, 60).speeds([45.6, 31.2, 16.8]).drive(MIN, 16.8).park(40 * MIN).drive(10 * MIN, 60).park(10 * MIN);
  await t.telemetry.pipeline.submit(d1.fixes);
  for (const d of [dev.d2, dev.other]) await t.telemetry.pipeline.submit(trackBuilder(d.device_number, DAY).park(10 * MIN).drive(5 * MIN, 60).park(10 * MIN).fixes);
  // dealer2's car also drove the week before, so a two-week list has two spans.
  const weekBefore = DAY - 7 * 24 * 60 * MIN;
  // It ended that drive where it starts the later one: the days between add no distance.
  const fiveKmWest = 120.1 - 5 / (((6371.0088 * Math.PI) / 180) * Math.cos((30.2 * Math.PI) / 180));
  await t.telemetry.pipeline.submit(trackBuilder(dev.d2.device_number, weekBefore, { lng: fiveKmWest, lat: 30.2 }).park(10 * MIN).drive(5 * MIN, 60).park(10 * MIN).fixes);
  await t.telemetry.lateFixes.settle();
  await warning(dev.d1, 1, DAY);
  await warning(dev.d1, 1, DAY + MIN);
  await warning(dev.d2, 2, DAY);
  await warning(dev.other, 1, DAY);
});
afterAll(() => t.close());

const post = (user: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });

async function list(user: string, name: ReportName, filters: object = {}) {
  const res = await post(user, ReportCalls[name].list.path, { pageNumber: 1, pageSize: 50, ...PERIOD, ...filters });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { list: Record<string, unknown>[]; count: number };
}

const CAR_REPORTS: ReportName[] = ['parking', 'weekParking', 'timesParking', 'mileage', 'driveBehavior', 'carMileage', 'ignition', 'travel', 'ubiBehavior'];

describe('every report', () => {
  it.each(CAR_REPORTS)('%s: a dealer sees only its own cars, the platform all of them', async (name) => {
    const admin = await list('admin', name);
    const numbers = new Set(admin.list.map((r) => r.deviceNumber));
    expect([...numbers]).toEqual(expect.arrayContaining([dev.d1.device_number, dev.d2.device_number, dev.other.device_number]));
    if (name.startsWith('ubi') || ['carMileage', 'ignition', 'travel'].includes(name)) return;
    const mine = await list('dealer1', name);
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((r) => r.deviceNumber === dev.d1.device_number)).toBe(true);
    expect(mine.count).toBe(mine.list.length);
  });

  it.each(Object.keys(ReportCalls) as ReportName[])('%s: a period longer than the screen allows is refused with the limit', async (name) => {
    const res = await post('admin', ReportCalls[name].list.path, { pageNumber: 1, pageSize: 10, beginDate: '2025-01-01 00:00:00', endDate: '2026-11-22 23:59:59' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/不能超过\d+天/);
    const reversed = await post('admin', ReportCalls[name].download.path, { beginDate: '2026-11-22 00:00:00', endDate: '2026-11-20 00:00:00' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().msg).toContain('开始时间不能晚于结束时间');
  });

  it('pages: the count is every row, the page only its size', async () => {
    const all = await list('admin', 'mileage');
    const first = await list('admin', 'mileage', { pageSize: 1 });
    const second = await list('admin', 'mileage', { pageSize: 1, pageNumber: 2 });
    expect(first.count).toBe(all.count);
    expect(first.list).toHaveLength(1);
    expect(second.list[0]).toEqual(all.list[1]);
  });

  it('per-week rows page across weeks, newest week first, the same as one long page', async () => {
    const twoWeeks = { beginDate: '2026-11-09 00:00:00', endDate: '2026-11-22 23:59:59' };
    const all = await list('admin', 'weekParking', twoWeeks);
    expect(all.list.map((r) => r.week)).toEqual([...all.list.map((r) => r.week)].sort().reverse());
    expect(new Set(all.list.map((r) => r.week))).toEqual(new Set(['2026-11-16', '2026-11-09']));
    for (let i = 0; i < all.count; i++) {
      const one = await list('admin', 'weekParking', { ...twoWeeks, pageSize: 1, pageNumber: i + 1 });
      expect(one.count).toBe(all.count);
      expect(one.list[0]).toEqual(all.list[i]);
    }
    const byStops = await list('admin', 'weekParking', { ...twoWeeks, sortField: 'stops', sortOrder: 'desc' });
    expect(byStops.count).toBe(all.count);
    expect(byStops.list).toHaveLength(all.count);
  });

  it('UBI statistics need ubi:view, reports report:view', async () => {
    expect((await post('dealer1', ReportCalls.carMileage.list.path, { pageNumber: 1, pageSize: 10 })).statusCode).toBe(403);
    expect((await post('installer1', ReportCalls.mileage.list.path, { pageNumber: 1, pageSize: 10 })).statusCode).toBe(403);
  });

  it('opens on the last 7 days when no period is given', async () => {
    const res = await post('admin', ReportCalls.mileage.list.path, { pageNumber: 1, pageSize: 10 });
    expect(res.statusCode).toBe(200);
  });
});

describe('the figures', () => {
  const mine = (rows: Record<string, unknown>[]) => rows.find((r) => r.deviceNumber === dev.d1.device_number)!;

  it('里程报表: the car’s day, its kilometres and trips, sortable by distance', async () => {
    const row = mine((await list('admin', 'mileage')).list);
    expect(row.day).toBe('2026-11-18');
    expect(row.mileageKm as number).toBeCloseTo(30.3, 0);
    expect(row.trips).toBe(2);
    const sorted = (await list('admin', 'mileage', { sortField: 'mileage', sortOrder: 'desc' })).list;
    expect(sorted[0]!.deviceNumber).toBe(dev.d1.device_number);
    const asc = (await list('admin', 'mileage', { sortField: 'mileage', sortOrder: 'asc' })).list;
    expect(asc.map((r) => r.mileageKm)).toEqual([...sorted.map((r) => r.mileageKm)].reverse());
  });

  it('里程报表 sorted by a figure: a row a page (read day by day from the figure’s index) is the list in one page', async () => {
    const day = { beginDate: '2026-11-18 00:00:00', endDate: '2026-11-18 23:59:59' };
    for (const sortField of ['mileage', 'driveMs', 'maxSpeed'] as const) {
      for (const sortOrder of ['desc', 'asc'] as const) {
        const shown = (await list('admin', 'mileage', { ...day, sortField, sortOrder })).list;
        expect(shown.length).toBeGreaterThanOrEqual(3);
        for (let i = 0; i < shown.length; i++) {
          expect((await list('admin', 'mileage', { ...day, sortField, sortOrder, pageSize: 1, pageNumber: i + 1 })).list[0], `${sortField} ${sortOrder} row ${i + 1}`).toEqual(shown[i]);
        }
      }
    }
  });

  it('停车报表: the 40-minute stop with its place; filters by plate', async () => {
    const rows = (await list('admin', 'parking', { plateNumber: dev.d1.plate_number })).list;
    expect(rows.every((r) => r.deviceNumber === dev.d1.device_number)).toBe(true);
    expect(rows.some((r) => r.durationMs === 40 * MIN + 10_000 || r.durationMs === 40 * MIN)).toBe(true);
    expect(rows[0]!.address).toEqual(expect.any(String));
  });

  it('驾驶行为 and UBI: the hard brake counted, a score, rates per 100 km', async () => {
    const row = mine((await list('admin', 'driveBehavior')).list);
    expect(row.harshBrake).toBe(1);
    expect(row.score).toBe(97);
    const ubi = mine((await list('admin', 'ubiBehavior')).list);
    expect(ubi.harshBrakePer100).toBe(1);
    expect(ubi.level).toBe('excellent');
  });

  it('时段停车 and 周停车: stops by band and by week', async () => {
    const bands = mine((await list('admin', 'timesParking')).list);
    expect(bands).toMatchObject({ morning: 3, day: 0, total: 3 });
    const week = mine((await list('admin', 'weekParking')).list);
    expect(week).toMatchObject({ week: '2026-11-16', stops: 3 });
  });

  it('车辆里程 by week, 点火 and 出行', async () => {
    const byWeek = mine((await list('admin', 'carMileage', { granularity: 'week' })).list);
    expect(byWeek.period).toBe('2026-11-16');
    expect(byWeek.days).toBe(1);
    const ignition = mine((await list('admin', 'ignition')).list);
    expect(ignition.accOnCount).toBe(2);
    const travel = mine((await list('admin', 'travel')).list);
    expect(travel.trips).toBe(2);
    expect(travel.distanceKm as number).toBeCloseTo(30.3, 0);
  });

  it('经销商多维统计: warnings by type per dealer, per 100 devices, in scope', async () => {
    const rows = (await list('finance1', 'dealerStats')).list as { deptId: number; total: number; devices: number; per100: number; byType: { warningType: number; count: number }[] }[];
    const d1 = rows.find((r) => r.deptId === dept.dealer1)!;
    expect(d1.total).toBe(2);
    expect(d1.byType.find((c) => c.warningType === 1)!.count).toBe(2);
    expect(d1.per100).toBeCloseTo((2 * 100) / d1.devices, 2);
    expect(rows.some((r) => r.deptId === dev.other.dept_id)).toBe(false);
    const installers = (await list('finance1', 'installerStats')).list as { deptName: string; total: number }[];
    expect(installers).toHaveLength(1);
    expect(installers[0]!.total).toBe(3);
  });

  it('a summary adds up the whole selection', async () => {
    const res = await post('admin', ReportCalls.mileage.summary.path, PERIOD);
    const s = res.json().result as { totals: Record<string, number>; categories: string[]; series: { data: number[] }[] };
    expect(s.categories).toContain('2026-11-18');
    expect(s.totals.mileageKm).toBeCloseTo(30.3 + 5 + 5, 0);
  });
});

describe('exports', () => {
  it('writes the rows the screen shows, in its order', async () => {
    const shown = (await list('admin', 'mileage', { sortField: 'mileage', sortOrder: 'desc' })).list;
    const res = await post('admin', ReportCalls.mileage.download.path, { ...PERIOD, sortField: 'mileage', sortOrder: 'desc' });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('里程报表');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('设备号');
    const numbers = [];
    for (let i = 2; i <= sheet.rowCount; i++) numbers.push(sheet.getRow(i).getCell(1).value);
    expect(numbers).toEqual(shown.map((r) => r.deviceNumber));
  });

  it.each([
    ['mileage', '日期', 'day'],
    ['parking', '开始时间', 'startTime'],
  ] as const)('%s in its default order: the file, and the list a row a page, are the list in one page', async (name, header, field) => {
    const shown = (await list('admin', name)).list;
    expect(shown.length).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < shown.length; i++) expect((await list('admin', name, { pageSize: 1, pageNumber: i + 1 })).list[0]).toEqual(shown[i]);
    const res = await post('admin', ReportCalls[name].download.path, PERIOD);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const at = (sheet.getRow(1).values as unknown[]).indexOf(header);
    const rows = [];
    for (let i = 2; i <= sheet.rowCount; i++) rows.push([sheet.getRow(i).getCell(1).value, sheet.getRow(i).getCell(at).value]);
    expect(rows).toEqual(shown.map((r) => [r.deviceNumber, r[field]]));
  });

  it('reads an export’s later pages of days from a key found on the index, the same rows as the list', async () => {
    const shown = (await list('admin', 'mileage')).list;
    const f = { ...PERIOD, from: 20261116, to: 20261122 };
    const later = await createDailyRepository(t.db).days(ALL, f, { field: 'day', desc: true }, 1, 2000);
    expect(later.rows.map((r) => r.device_number)).toEqual(shown.slice(1).map((r) => r.deviceNumber));
  });

  it('keeps a dealer’s export to its own cars', async () => {
    const res = await post('dealer1', ReportCalls.parking.download.path, PERIOD);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    for (let i = 2; i <= sheet.rowCount; i++) expect(sheet.getRow(i).getCell(1).value).toBe(dev.d1.device_number);
    expect(sheet.rowCount).toBeGreaterThan(1);
  });
});


describe('the first pages show rows that have data (issue 31)', () => {
  // Two days three weeks earlier: dealer2's car drives 5 km on the first and stands all the second; dealer1's stands all the first.
  const EARLY = DAY - 21 * 24 * 60 * MIN;
  const TWO_DAYS = { beginDate: '2026-10-28 00:00:00', endDate: '2026-10-29 23:59:59' };
  beforeAll(async () => {
    await t.telemetry.pipeline.submit(trackBuilder(dev.d1.device_number, EARLY).park(30 * MIN).fixes);
    const drove = trackBuilder(dev.d2.device_number, EARLY).park(10 * MIN).drive(5 * MIN, 60).park(10 * MIN);
    const end = drove.fixes.at(-1)!;
    await t.telemetry.pipeline.submit(drove.fixes);
    await t.telemetry.pipeline.submit(trackBuilder(dev.d2.device_number, EARLY + 24 * 60 * MIN, { lng: end.lng, lat: end.lat }).park(30 * MIN).fixes);
    await t.telemetry.lateFixes.settle();
  });

  it('里程报表: the day with kilometres before the newer 0 km day, paged the same way; a chosen order is kept as asked', async () => {
    const all = await list('admin', 'mileage', TWO_DAYS);
    expect(all.list.map((r) => [r.deviceNumber, r.day])).toEqual([
      [dev.d2.device_number, '2026-10-28'],
      [dev.d2.device_number, '2026-10-29'],
      [dev.d1.device_number, '2026-10-28'],
    ]);
    expect(all.list[0]!.mileageKm as number).toBeGreaterThan(4);
    expect(all.list.slice(1).every((r) => r.mileageKm === 0)).toBe(true);
    for (let i = 0; i < all.count; i++) {
      const one = await list('admin', 'mileage', { ...TWO_DAYS, pageSize: 1, pageNumber: i + 1 });
      expect(one.count).toBe(3);
      expect(one.list[0]).toEqual(all.list[i]);
    }
    const byDay = await list('admin', 'mileage', { ...TWO_DAYS, sortField: 'day', sortOrder: 'desc' });
    expect(byDay.list[0]!.day).toBe('2026-10-29');
  });

  it('出行统计 and UBI: the car that made trips comes before the one that stood, whatever their numbers', async () => {
    for (const name of ['travel', 'ubiBehavior', 'carMileage'] as const) {
      const rows = (await list('admin', name, { ...TWO_DAYS, ...(name === 'carMileage' ? { granularity: 'week' } : {}) })).list;
      expect(rows[0]!.deviceNumber, name).toBe(dev.d2.device_number);
    }
  });

  it('pages across the cars with data and those without as one list: a row a page, and a page that takes the end of one and the start of the other', async () => {
    for (const name of ['travel', 'ubiBehavior', 'carMileage'] as const) {
      const period = { ...TWO_DAYS, ...(name === 'carMileage' ? { granularity: 'week' } : {}) };
      const all = await list('admin', name, period);
      expect(all.list.length, name).toBeGreaterThanOrEqual(2);
      const key = (r: Record<string, unknown>) => [r.deviceNumber, r.week ?? r.period ?? null];
      for (let i = 0; i < all.count; i++) {
        const one = await list('admin', name, { ...period, pageSize: 1, pageNumber: i + 1 });
        expect(one.list.map(key), `${name} row ${i + 1}`).toEqual([key(all.list[i]!)]);
      }
      const second = await list('admin', name, { ...period, pageSize: 2, pageNumber: 1 });
      expect(second.list.map(key), name).toEqual(all.list.slice(0, 2).map(key));
    }
  });
});
