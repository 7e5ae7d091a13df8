import { dayKey, formatTime, type DrivingDay } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANGZHOU, offset } from '../../test/engine-tracks.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { localMidnight } from '../car-analysis/analysis.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let car = { deviceNumber: '', carId: 0, customerId: 0 };
let otherCarId = 0;
let silentCar = { deviceNumber: '', carId: 0 };
const MIN = 60_000;
/** Yesterday, Shanghai: the day the constructed track drives. */
const YESTERDAY = localMidnight(Date.now()) - 86_400_000;

const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: tokens[user]! } });
const result = async (user: string, url: string) => (await get(user, url)).json().result;

async function wiredCarOf(username: string, nth = 0) {
  const user = await t.db.selectFrom('app_user').select('dept_id').where('username', '=', username).executeTakeFirstOrThrow();
  return t.db.selectFrom('device as d').innerJoin('car', 'car.id', 'd.car_id').select(['d.device_number', 'd.car_id', 'car.customer_id'])
    .where('d.dept_id', '=', user.dept_id).where('d.kind', '=', 1).orderBy('d.id').offset(nth).limit(1).executeTakeFirstOrThrow();
}

/** Parked at home 08:00–09:00 yesterday (a fix every 15 minutes), silent for two hours, then parked 53 km east until 12:00. */
function silentMove(deviceNumber: string) {
  const start = YESTERDAY + 8 * 60 * MIN;
  const fix = (at: number, p: { lng: number; lat: number }) =>
    ({ deviceNumber, gpsTime: at, lng: p.lng, lat: p.lat, speed: 0, direction: 0, altitude: 10, acc: 0, alarmWord: 0 });
  return [
    ...[0, 15, 30, 45, 60].map((m) => fix(start + m * MIN, HANGZHOU)),
    ...[180, 195, 210, 225, 240].map((m) => fix(start + m * MIN, offset(HANGZHOU, 53_000, 0))),
  ];
}

/**
 * A morning of a wired terminal: parked 08:00–09:00, 20 minutes east at 36 km/h (12 km), parked
 * 09:20–10:00, 20 minutes back, parked until 11:20 — one fix every 30 s, through the real pipeline.
 */
function morning(deviceNumber: string) {
  const fixes = [];
  const fix = (at: number, p: { lng: number; lat: number }, speed: number) =>
    fixes.push({ deviceNumber, gpsTime: at, lng: p.lng, lat: p.lat, speed, direction: 90, altitude: 10, acc: speed > 0 ? 1 : 0, alarmWord: 0 });
  const start = YESTERDAY + 8 * 60 * MIN;
  for (let s = 0; s < 120; s++) fix(start + s * 30_000, HANGZHOU, 0);
  for (let s = 1; s <= 40; s++) fix(start + 60 * MIN + s * 30_000, offset(HANGZHOU, s * 300, 0), 36);
  for (let s = 1; s <= 80; s++) fix(start + 80 * MIN + s * 30_000, offset(HANGZHOU, 12_000, 0), 0);
  for (let s = 1; s <= 40; s++) fix(start + 120 * MIN + s * 30_000, offset(HANGZHOU, 12_000 - s * 300, 0), 36);
  for (let s = 1; s <= 120; s++) fix(start + 140 * MIN + s * 30_000, HANGZHOU, 0);
  return fixes;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['operator1', 'finance1', 'dealer1', 'dealer2']) tokens[u] = await t.login(u);
  const mine = await wiredCarOf('dealer1');
  car = { deviceNumber: mine.device_number, carId: mine.car_id!, customerId: mine.customer_id };
  otherCarId = (await wiredCarOf('dealer2')).car_id!;
  const silent = await wiredCarOf('dealer1', 1);
  silentCar = { deviceNumber: silent.device_number, carId: silent.car_id! };
  await t.telemetry.pipeline.submit(morning(car.deviceNumber));
  await t.telemetry.pipeline.submit(silentMove(silentCar.deviceNumber));
  await t.telemetry.pipeline.drain();
});
afterAll(() => t.close());

describe('the user portrait follows the positions the terminal sent', () => {
  it('counts the two 12 km trips, 40 minutes of driving and the stop between them', async () => {
    const days = (await result('dealer1', `/api/customerDraw/getDriving7dayByCarid?carid=${car.carId}`)) as DrivingDay[];
    expect(days).toHaveLength(7);
    const y = days.find((d) => d.day === formatTime(YESTERDAY + 12 * 3600_000).slice(0, 10))!;
    expect(y.trips).toBe(2);
    expect(y.mileageKm).toBeGreaterThan(23);
    expect(y.mileageKm).toBeLessThan(25);
    expect(y.drivingMinutes).toBeGreaterThanOrEqual(38);
    expect(y.drivingMinutes).toBeLessThanOrEqual(42);
    expect(days.filter((d) => d !== y).every((d) => d.trips === 0 && d.mileageKm === 0)).toBe(true);

    const trips = await result('dealer1', `/api/customerDraw/getDrivingByCarid?carid=${car.carId}`);
    expect(trips).toHaveLength(2);
    expect(trips.every((x: { kind: string }) => x.kind === 'trip')).toBe(true);
    expect(days.every((d) => d.offlineMoveKm === 0)).toBe(true);
    for (const trip of trips) expect(Math.abs(trip.distanceKm - 12)).toBeLessThan(0.6);
    expect(trips[0].startAddress).toContain('杭州市');

    const stops = await result('dealer1', `/api/customerDraw/getStop7dayByCarid?carid=${car.carId}`);
    const between = stops.find((s: { minutes: number; startTime: string }) => s.startTime.startsWith(formatTime(YESTERDAY).slice(0, 10)) && s.minutes >= 38 && s.minutes <= 42);
    expect(between).toBeDefined();
  });

  it('gives 30 days, every one present, and this month from the same figures', async () => {
    const days = (await result('dealer1', `/api/customerDraw/getDriving30dayByCarid?carid=${car.carId}`)) as DrivingDay[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.day).toBe(formatTime(Date.now()).slice(0, 10));
    const use = await result('dealer1', `/api/customerDraw/getUseCarByCarid?carid=${car.carId}`);
    const total30 = days.reduce((s, d) => s + d.mileageKm, 0);
    expect(use.days30MileageKm).toBeCloseTo(total30, 0);
    const sameMonth = Math.floor(dayKey(YESTERDAY) / 100) === Math.floor(dayKey(Date.now()) / 100);
    expect(use.monthTrips).toBe(sameMonth ? 2 : 0);
    expect(use.lastTime).toBe(formatTime(YESTERDAY + (11 * 60 + 20) * MIN));
  });
});

describe('a car that went silent and reappeared elsewhere (离线期间位移)', () => {
  it('shows the 53 km apart from the day\'s mileage and driving, and lists the move among the car\'s trips', async () => {
    const days = (await result('dealer1', `/api/customerDraw/getDriving7dayByCarid?carid=${silentCar.carId}`)) as DrivingDay[];
    const y = days.find((d) => d.day === formatTime(YESTERDAY + 12 * 3600_000).slice(0, 10))!;
    expect(y).toMatchObject({ mileageKm: 0, drivingMinutes: 0, trips: 0 });
    expect(y.offlineMoveKm).toBeCloseTo(53, 0);
    const trips = await result('dealer1', `/api/customerDraw/getDrivingByCarid?carid=${silentCar.carId}`);
    expect(trips).toEqual([expect.objectContaining({
      kind: 'offlineMove', startTime: formatTime(YESTERDAY + 9 * 60 * MIN), endTime: formatTime(YESTERDAY + 11 * 60 * MIN), minutes: 120, deviceNumber: silentCar.deviceNumber,
    })]);
    expect(trips[0].distanceKm).toBeCloseTo(53, 0);
    expect(trips[0].startAddress).toContain('杭州市');
    expect(trips[0].endAddress).not.toBe('');
    const use = await result('dealer1', `/api/customerDraw/getUseCarByCarid?carid=${silentCar.carId}`);
    const sameMonth = Math.floor(dayKey(YESTERDAY) / 100) === Math.floor(dayKey(Date.now()) / 100);
    expect(use.monthMileageKm).toBe(0);
    expect(use.monthOfflineMoves).toBe(sameMonth ? 1 : 0);
    // The stop at home ended where the car went silent; the one 53 km east began where it came back.
    const stops = await result('dealer1', `/api/customerDraw/getStop7dayByCarid?carid=${silentCar.carId}`);
    expect(stops.map((s: { startTime: string; endTime: string | null }) => [s.startTime, s.endTime])).toEqual([
      [formatTime(YESTERDAY + 11 * 60 * MIN), null],
      [formatTime(YESTERDAY + 8 * 60 * MIN), formatTime(YESTERDAY + 9 * 60 * MIN)],
    ]);
  });
});

describe('the portrait calls', () => {
  it('finds the customer from a device, with loans, cars and devices', async () => {
    expect(await result('dealer1', `/api/customerDraw/getUseCarByDeviceNumber?deviceNumber=${car.deviceNumber}`)).toEqual({ customerId: car.customerId, carId: car.carId });
    const c = await result('operator1', `/api/customerDraw/getCustomerByid?customerid=${car.customerId}`);
    expect(c.customerPhone).toContain('****');
    expect(c.cars.flatMap((x: { devices: { deviceNumber: string }[] }) => x.devices.map((d) => d.deviceNumber))).toContain(car.deviceNumber);
    expect(c.loans.length).toBeGreaterThan(0);
    expect((await result('finance1', `/api/customerDraw/getCustomerByid?customerid=${car.customerId}`)).customerPhone).not.toContain('*');
  });

  it('counts warnings of all eleven types, zeros included', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/customerDraw/findWarningCountList', headers: { accessToken: tokens.dealer1! }, payload: { customerid: car.customerId } });
    const list = res.json().result;
    expect(list).toHaveLength(11);
    expect(list[0]).toMatchObject({ warningType: 1, warningTypeName: '离线预警', total: expect.any(Number), unhandled: expect.any(Number) });
  });

  it("answers another dealer's customer, car and device as if they did not exist", async () => {
    for (const url of [
      `/api/customerDraw/getCustomerByid?customerid=${car.customerId}`,
      `/api/customerDraw/getUseCarByCarid?carid=${car.carId}`,
      `/api/customerDraw/getWarningByCarid?carid=${car.carId}`,
      `/api/customerDraw/getUseCarByDeviceNumber?deviceNumber=${car.deviceNumber}`,
    ]) expect((await get('dealer2', url)).statusCode).toBe(404);
    expect((await get('dealer2', `/api/customerDraw/getStop7dayByCarid?carid=${otherCarId}`)).statusCode).toBe(200);
  });

  it('names the bad field', async () => {
    expect((await get('dealer1', '/api/customerDraw/getDriving7dayByCarid?carid=0x1')).json()).toEqual({ code: 400, msg: '参数错误：carid 应为整数' });
    expect((await get('dealer1', '/api/customerDraw/getCustomerByid')).json()).toEqual({ code: 400, msg: '参数错误：customerid 不能为空' });
  });
});
