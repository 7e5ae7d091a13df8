import http from 'node:http';
import { DEFAULT_RISK_WARNING_CONFIG, LIVE_STREAM_PATH, RISK_WARNING_CONFIG_KEY, type WarningEvent } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANGZHOU, HOUR, MIN, offset, type At } from '../test/engine-tracks.js';
import { createTestApp, SEED_NOW, type TestApp } from '../test/test-app.js';
import { recomputeCustomerGrades } from './customer-grade.js';
import { createCustomerGradeRepository } from './customer-grade.repository.js';
import { createEngine, type Engine } from './engine.js';

/** The engine behind the real pipeline of a demo-seeded server: what operators would find in the warning table. */
let t: TestApp;
let engine: Engine;
const announced: WarningEvent[] = [];
const point = offset(HANGZHOU, 2500, 1500);
/** Demo devices of 杭州宝龙奥迪4S店, wired, on a car, bound to no fence: one per test. */
let devices: { id: number; device_number: string; customer_id: number }[] = [];
let dealerId = 0;

type Report = { t: number; at: At; speed?: number; alarmWord?: number };

async function report(number: string, fixes: Report[]): Promise<void> {
  await t.telemetry.pipeline.submit(fixes.map((f) => ({
    deviceNumber: number, gpsTime: f.t, lng: f.at.lng, lat: f.at.lat, speed: f.speed ?? 0, direction: 0, altitude: 10,
    acc: f.speed ? 1 : 0, alarmWord: f.alarmWord ?? 0,
  })));
  await engine.idle();
}

/** Parked at `at`, a fix every 5 minutes over [from, to]. */
const parked = (from: number, to: number, at: At): Report[] =>
  Array.from({ length: Math.floor((to - from) / (5 * MIN)) + 1 }, (_, i) => ({ t: from + i * 5 * MIN, at }));

const warningsOf = (deviceId: number) =>
  t.db.selectFrom('warning').selectAll().where('device_id', '=', deviceId).orderBy('id').execute();

const newEngine = () => createEngine({ db: t.db, telemetry: t.telemetry, now: () => SEED_NOW, onError: (err) => { throw err; } });

beforeAll(async () => {
  t = await createTestApp();
  const dealer = await t.db.selectFrom('dept').select('id').where('name', '=', '杭州宝龙奥迪4S店').executeTakeFirstOrThrow();
  dealerId = dealer.id;
  devices = await t.db.selectFrom('device as d').innerJoin('car as c', 'c.id', 'd.car_id')
    .select(['d.id', 'd.device_number', 'c.customer_id'])
    .where('d.dept_id', '=', dealer.id).where('d.kind', '=', 1)
    .where('d.id', 'not in', t.db.selectFrom('fence_binding').select('device_id'))
    .orderBy('d.id').limit(10).execute();
  await t.db.insertInto('risk_point').values({ dept_id: dealer.id, category: 'pawnshop', name: '测试典当行', lng: point.lng, lat: point.lat, address: '', created_by: null, created_at: SEED_NOW }).execute();
  t.telemetry.onWarning((w) => announced.push(w));
  engine = newEngine();
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const T = SEED_NOW - 5 * 24 * HOUR;

describe('the risk engine behind the pipeline', () => {
  it('keeps one warning for a car that keeps standing at a risk point, refreshed to its last sighting, and pushes it once', async () => {
    const d = devices[0]!;
    await engine.idle();
    const raisedBefore = engine.raisedByType.get(4) ?? 0;
    await report(d.device_number, parked(T, T + HOUR, point));
    await report(d.device_number, parked(T + HOUR + 5 * MIN, T + 3 * HOUR, point));
    const rows = await warningsOf(d.id);
    expect(rows).toHaveLength(1);
    // Counted once for the metrics, not at each refresh.
    expect(engine.raisedByType.get(4)).toBe(raisedBefore + 1);
    expect(rows[0]).toMatchObject({ warning_type: 4, deal_status: 0, risk_level: 1, place_key: expect.stringMatching(/^rp:/), warning_time: T + 30 * MIN, last_time: T + 3 * HOUR, pushed: 1 });
    expect(JSON.parse(rows[0]!.detail)).toMatchObject({ riskPointName: '测试典当行', minutes: 180 });
    expect(announced.filter((w) => w.deviceNumber === d.device_number)).toEqual([
      expect.objectContaining({ id: rows[0]!.id, warningType: 4, warningTypeName: '二押点预警', riskLevel: 1, compound: false, deptId: dealerId }),
    ]);
  });

  it('raises nothing for a white-listed customer until the listing expires', async () => {
    const d = devices[1]!;
    await t.db.insertInto('white_list').values({ dept_id: dealerId, customer_id: d.customer_id, expires_at: T + 24 * HOUR, reason: '已核实', created_by: null, created_at: SEED_NOW }).execute();
    await report(d.device_number, parked(T, T + 2 * HOUR, point));
    expect(await warningsOf(d.id)).toEqual([]);
    await report(d.device_number, [{ t: T + 3 * HOUR, at: HANGZHOU, speed: 30 }, ...parked(T + 26 * HOUR, T + 28 * HOUR, point)]);
    expect(await warningsOf(d.id)).toMatchObject([{ warning_type: 4, warning_time: T + 26 * HOUR + 30 * MIN }]);
  });

  it('records a do-not-push warning with pushed = 0 and announces nothing', async () => {
    const d = devices[2]!;
    await t.db.insertInto('warning_not_push').values({ dept_id: dealerId, device_id: d.id, warning_type: 4, created_by: null, created_at: SEED_NOW }).execute();
    await report(d.device_number, parked(T, T + 2 * HOUR, point));
    expect(await warningsOf(d.id)).toMatchObject([{ warning_type: 4, pushed: 0 }]);
    expect(announced.some((w) => w.deviceNumber === d.device_number)).toBe(false);
  });

  it('raises a power cut within 72 h of a risk-point stay to a compound warning, and the customer to high risk', async () => {
    const d = devices[3]!;
    await report(d.device_number, [...parked(T, T + 2 * HOUR, point), { t: T + 2 * HOUR + 5 * MIN, at: HANGZHOU, speed: 40 }, ...parked(T + 3 * HOUR, T + 20 * HOUR, HANGZHOU)]);
    await report(d.device_number, [{ t: T + 20 * HOUR + 5 * MIN, at: HANGZHOU, alarmWord: 1 << 8 }]);
    const rows = await warningsOf(d.id);
    expect(rows.map((r) => [r.warning_type, r.risk_level, r.compound])).toEqual([[4, 1, 0], [2, 1, 1]]);
    expect(announced.find((w) => w.deviceNumber === d.device_number && w.warningType === 2)).toMatchObject({ compound: true, riskLevel: 1 });
    const customer = await t.db.selectFrom('customer').select('grade').where('id', '=', d.customer_id).executeTakeFirstOrThrow();
    expect(customer.grade).toBe('high');
  });

  it('does not raise a handled warning again while its stay goes on, but raises the next stay', async () => {
    const d = devices[4]!;
    await report(d.device_number, parked(T, T + HOUR, point));
    const [first] = await warningsOf(d.id);
    await t.db.updateTable('warning').set({ deal_status: 1, deal_time: SEED_NOW, deal_description: '已联系客户' }).where('id', '=', first!.id).execute();
    await recomputeCustomerGrades(createCustomerGradeRepository(t.db), [d.customer_id], SEED_NOW);
    expect((await t.db.selectFrom('customer').select('grade').where('id', '=', d.customer_id).executeTakeFirstOrThrow()).grade).toBe('general');

    await report(d.device_number, parked(T + HOUR + 5 * MIN, T + 2 * HOUR, point));
    expect(await warningsOf(d.id)).toHaveLength(1);
    await report(d.device_number, [{ t: T + 3 * HOUR, at: HANGZHOU, speed: 40 }, ...parked(T + 5 * HOUR, T + 6 * HOUR, point)]);
    const rows = await warningsOf(d.id);
    expect(rows.map((r) => [r.deal_status, r.warning_time])).toEqual([[1, T + 30 * MIN], [0, T + 5 * HOUR + 30 * MIN]]);
  });

  it('finds a silent device on the schedule, once, and refreshes that warning when the device comes back', async () => {
    const d = devices[5]!;
    await report(d.device_number, [{ t: SEED_NOW - 30 * HOUR, at: HANGZHOU }]);
    await engine.sweep();
    await engine.sweep();
    await engine.idle();
    expect(await warningsOf(d.id)).toMatchObject([{ warning_type: 1, risk_level: 2, warning_time: SEED_NOW - 6 * HOUR, last_time: SEED_NOW }]);
    await report(d.device_number, [{ t: SEED_NOW + 10 * MIN, at: HANGZHOU }]);
    const rows = await warningsOf(d.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.detail)).toMatchObject({ since: SEED_NOW - 30 * HOUR, backAt: SEED_NOW + 10 * MIN });
  });

  it('sends a new warning at once to the streams whose scope holds it, and only to them', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const open = async (username: string) => {
      const token = await t.login(username);
      let text = '';
      const req = http.get(`http://127.0.0.1:${address.port}${LIVE_STREAM_PATH}?accessToken=${token}`);
      await new Promise<void>((resolve) => req.on('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.once('data', () => resolve());
      }));
      return { text: () => text, close: () => req.destroy() };
    };
    const dealer1 = await open('dealer1');
    const dealer4 = await open('dealer4');
    const d = devices[6]!;
    await report(d.device_number, parked(T, T + HOUR, point));
    const [row] = await warningsOf(d.id);
    await expect.poll(() => dealer1.text()).toContain('event: warning\n');
    const event = JSON.parse(dealer1.text().split('event: warning\ndata: ')[1]!.split('\n')[0]!) as WarningEvent;
    expect(event).toMatchObject({ id: row!.id, deviceNumber: d.device_number, warningTypeName: '二押点预警' });
    // dealer4 (another institution) sees its own devices only; its stream got no warning event.
    await new Promise((r) => setTimeout(r, 300));
    expect(dealer4.text()).not.toContain('event: warning');
    dealer1.close();
    dealer4.close();
  });

  it('resumes after a restart from where it stopped: positions stored while it was down raise their warnings once', async () => {
    const d = devices[7]!;
    await report(d.device_number, parked(T, T + 20 * MIN, point));
    await engine.stop();
    await t.telemetry.pipeline.submit(parked(T + 25 * MIN, T + 2 * HOUR, point).map((f) => ({
      deviceNumber: d.device_number, gpsTime: f.t, lng: f.at.lng, lat: f.at.lat, speed: 0, direction: 0, altitude: 10, acc: 0 as const,
    })));
    engine = newEngine();
    await engine.idle();
    expect(await warningsOf(d.id)).toMatchObject([{ warning_type: 4, warning_time: T + 30 * MIN, last_time: T + 2 * HOUR }]);
    await engine.stop();
    engine = newEngine();
    await report(d.device_number, parked(T + 2 * HOUR + 5 * MIN, T + 3 * HOUR, point));
    expect(await warningsOf(d.id)).toMatchObject([{ warning_type: 4, last_time: T + 3 * HOUR }]);
  });

  it("judges a car by its finance institution's own thresholds", async () => {
    await engine.stop();
    const { parent_id } = await t.db.selectFrom('dept').select('parent_id').where('id', '=', dealerId).executeTakeFirstOrThrow();
    const config = { ...DEFAULT_RISK_WARNING_CONFIG, riskPoint: { radiusM: 200, stayMinutes: 120 } };
    await t.db.insertInto('setting').values({ dept_id: parent_id!, key: RISK_WARNING_CONFIG_KEY, value: JSON.stringify(config) }).execute();
    engine = newEngine();
    const d = devices[8]!;
    await report(d.device_number, parked(T, T + 90 * MIN, point));
    expect(await warningsOf(d.id)).toEqual([]);
    await report(d.device_number, parked(T + 95 * MIN, T + 150 * MIN, point));
    expect(await warningsOf(d.id)).toMatchObject([{ warning_type: 4, warning_time: T + 120 * MIN }]);
  });

  it('regrades every customer in the nightly pass, as warnings leave the 30-day window', async () => {
    const customer = devices[3]!.customer_id;
    expect((await t.db.selectFrom('customer').select('grade').where('id', '=', customer).executeTakeFirstOrThrow()).grade).toBe('high');
    await engine.stop();
    engine = createEngine({ db: t.db, telemetry: t.telemetry, now: () => SEED_NOW + 40 * 24 * HOUR });
    await engine.nightly();
    expect((await t.db.selectFrom('customer').select('grade').where('id', '=', customer).executeTakeFirstOrThrow()).grade).toBe('general');
  });

  it('regrades once a day however many workers run the nightly pass (scale mode)', async () => {
    const customer = devices[3]!.customer_id;
    const grade = async () => (await t.db.selectFrom('customer').select('grade').where('id', '=', customer).executeTakeFirstOrThrow()).grade;
    const nightlyAt = async (at: number) => {
      const other = createEngine({ db: t.db, telemetry: t.telemetry, now: () => at });
      await other.nightly();
      await other.stop();
    };
    await engine.stop();
    await nightlyAt(SEED_NOW + 50 * 24 * HOUR);
    expect(await grade()).toBe('general');
    // A grade changed meanwhile stays until the next day's pass: a second worker the same day does not redo it.
    await t.db.updateTable('customer').set({ grade: 'high' }).where('id', '=', customer).execute();
    await nightlyAt(SEED_NOW + 50 * 24 * HOUR + HOUR);
    expect(await grade()).toBe('high');
    await nightlyAt(SEED_NOW + 51 * 24 * HOUR);
    expect(await grade()).toBe('general');
    engine = newEngine();
  });
});
