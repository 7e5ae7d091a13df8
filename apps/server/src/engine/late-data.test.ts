import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJt808Gateway, type Jt808Gateway } from '../telemetry/gateway/gateway.js';
import { locationFix, VirtualTerminal } from '../telemetry/simulator/virtual-terminal.js';
import { HANGZHOU, MIN, offset, SUZHOU, type At } from '../test/engine-tracks.js';
import { createTestApp, SEED_NOW, type TestApp } from '../test/test-app.js';
import { createCheckpointRepository } from './checkpoint.repository.js';
import { WITHDRAWN_BY_LATE_DATA } from './core.js';
import { createEngine, type Engine } from './engine.js';

/**
 * Issue 30: a terminal that lost its network keeps its fixes and uploads them when it is back, its
 * current position first, then the kept ones as a blind-area batch (0x0704). Whatever order they
 * arrive in, the engine raises the same warnings at the same times as for a terminal that never lost
 * its signal; the late ones say so.
 */
let t: TestApp;
let engine: Engine;
let gateway: Jt808Gateway;
const devices: { id: number; number: string; vt: VirtualTerminal }[] = [];

const HOME = offset(HANGZHOU, -1500, -800);
const PAWNSHOP = offset(HANGZHOU, 2500, 1500);
/** 2026-11-19 08:00 in Asia/Shanghai: a morning before the seed's clock. */
const DAY0 = Date.UTC(2026, 10, 19, 0, 0, 0);
const POWER_LOST = 1 << 8;

type Step = { t: number; at: At; speed?: number; alarm?: number };
const every5 = (from: number, to: number, at: At, alarm = 0): Step[] =>
  Array.from({ length: (to - from) / 5 + 1 }, (_, i) => ({ t: DAY0 + from * MIN + i * 5 * MIN, at, alarm }));
const drive = (from: number, a: At, b: At): Step[] =>
  [1, 2, 3].map((k) => ({ t: DAY0 + (from + (k - 1) * 5) * MIN, at: { lng: a.lng + ((b.lng - a.lng) * k) / 4, lat: a.lat + ((b.lat - a.lat) * k) / 4 }, speed: 30 }));

/** Home, a drive to the pawnshop, an hour there with the power cut for its last 20 minutes, home again. */
const DAY: Step[] = [
  ...every5(0, 60, HOME),
  ...drive(65, HOME, PAWNSHOP),
  ...every5(80, 115, PAWNSHOP),
  ...every5(120, 140, PAWNSHOP, POWER_LOST),
  ...drive(145, PAWNSHOP, HOME),
  ...every5(160, 180, HOME),
];
/** 09:05 to 10:35: under ground, out of coverage. */
const inBlindArea = (s: Step) => s.t > DAY0 + 60 * MIN && s.t < DAY0 + 160 * MIN;
const fixOf = (s: Step) => locationFix({ time: s.t, lng: s.at.lng, lat: s.at.lat, speed: s.speed ?? 0, direction: 0, acc: Boolean(s.speed), alarm: s.alarm });

/** One report (0x0200) a fix, in order; sent without waiting for each answer, as the gateway answers in order. */
async function sendInOrder(vt: VirtualTerminal, steps: Step[]) {
  expect(await Promise.all(steps.map((s) => vt.report(fixOf(s))))).toEqual(steps.map(() => 0));
}

/** The warnings as an operator compares them: what, since when, until when, where, how serious. */
const warningsOf = async (deviceId: number) =>
  (await t.db.selectFrom('warning').select(['warning_type', 'warning_time', 'last_time', 'place_key', 'risk_level', 'compound', 'deal_status', 'detail'])
    .where('device_id', '=', deviceId).orderBy('warning_time').orderBy('warning_type').execute())
    .map(({ detail, ...w }) => ({ ...w, late: JSON.parse(detail).lateData === true }));

beforeAll(async () => {
  t = await createTestApp();
  // Every terminal connects here and waits through the cases before its own: no idle time-out on a slow machine.
  gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 600_000, log: { info() {}, warn() {} } });
  const port = await gateway.listen();
  const rows = await t.db.selectFrom('device as d').innerJoin('dept', 'dept.id', 'd.dept_id').select(['d.id', 'd.device_number', 'd.model'])
    .where('dept.name', '=', '杭州宝龙奥迪4S店').where('d.kind', '=', 1).where('d.car_id', 'is not', null)
    .where('d.id', 'not in', t.db.selectFrom('fence_binding').select('device_id')).orderBy('d.id').limit(2).execute();
  const dealer = await t.db.selectFrom('dept').select('id').where('name', '=', '杭州宝龙奥迪4S店').executeTakeFirstOrThrow();
  await t.db.insertInto('risk_point').values({ dept_id: dealer.id, category: 'pawnshop', name: '补传测试典当行', lng: PAWNSHOP.lng, lat: PAWNSHOP.lat, address: '', created_by: null, created_at: SEED_NOW }).execute();
  // Six more, on cars bound to 浙江省, for the rules that read no risk point; the last two watch a fence around home.
  const more = await t.db.selectFrom('device as d').innerJoin('car as c', 'c.id', 'd.car_id').select(['d.id', 'd.device_number', 'd.model', 'd.dept_id'])
    .where('c.region_province', '=', '浙江省').where('d.kind', '=', 1).where('d.id', 'not in', rows.map((r) => r.id))
    .where('d.id', 'not in', t.db.selectFrom('fence_binding').select('device_id')).orderBy('d.id').limit(6).execute();
  const fence = await t.db.insertInto('fence').values({
    dept_id: more[4]!.dept_id, name: '补传测试围栏', shape: 'circle', geometry: JSON.stringify({ ...HOME, radius: 1000 }), alarm_on: 'both', created_at: SEED_NOW,
  }).returning('id').executeTakeFirstOrThrow();
  await t.db.insertInto('fence_binding').values(more.slice(4).map((d) => ({ fence_id: fence.id, device_id: d.id, created_at: SEED_NOW }))).execute();
  // After the fence: the engine reads each device's fences once, when it first judges it.
  engine = createEngine({ db: t.db, telemetry: t.telemetry, now: () => SEED_NOW, onError: (err) => { throw err; } });
  for (const r of [...rows, ...more]) {
    const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber: r.device_number, version: 2013, model: r.model, replyTimeoutMs: 5000 });
    await vt.connect();
    expect(await vt.authenticate((await vt.register())!)).toBe(true);
    devices.push({ id: r.id, number: r.device_number, vt });
  }
});
afterAll(async () => {
  for (const d of devices) d.vt.close();
  await gateway?.close();
  await engine?.stop();
  await t?.close();
});

describe('late data judged in time order', () => {
  it('raises from a blind-area upload the same stay, power cut and compound as from the reports in order, saying they came late', async () => {
    const [inOrder, late] = devices;
    await sendInOrder(inOrder!.vt, DAY);

    await sendInOrder(late!.vt, DAY.filter((s) => s.t <= DAY0 + 60 * MIN));
    const back = DAY.find((s) => s.t === DAY0 + 160 * MIN)!;
    await sendInOrder(late!.vt, [back]);
    expect(await late!.vt.reportBatch(DAY.filter(inBlindArea).map(fixOf), true)).toBe(0);
    await sendInOrder(late!.vt, DAY.filter((s) => s.t > back.t));
    await engine.idle();

    const expected = await warningsOf(inOrder!.id);
    // The power cut within 72 h of the stay is compound (high).
    expect(expected.map((w) => [w.warning_type, w.compound])).toEqual([[4, 0], [2, 1]]);
    expect(expected.every((w) => !w.late)).toBe(true);
    expect(await warningsOf(late!.id)).toEqual(expected.map((w) => ({ ...w, late: true })));

    // The operator reads it in the warning's detail.
    const stay = await t.db.selectFrom('warning').select('id').where('device_id', '=', late!.id).where('warning_type', '=', 4).executeTakeFirstOrThrow();
    const token = await t.login('admin');
    const detail = await t.app.inject({ method: 'GET', url: `/api/report/riskWarning/getWarningDetails?id=${stay.id}`, headers: { accessToken: token } });
    expect(detail.json().result.entity.detail).toMatch(/^在典当行「补传测试典当行」\d+米内停留.+（收到补传数据）$/);
  });

  it('keeps the day checkpoints of a whole fleet\'s history upload at once (more rows than one statement may bind)', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => ({ device_id: 1_000_000 + i, day: 20_000, state: '{}' }));
    await createCheckpointRepository(t.db).save(rows);
    const [{ n }] = await t.db.selectFrom('engine_checkpoint').select((eb) => eb.fn.countAll<number>().as('n')).where('device_id', '>=', 1_000_000).execute();
    expect(Number(n)).toBe(12_000);
  });

  it('raises nothing new when late fixes come again, and leaves a handled warning handled', async () => {
    const late = devices[1]!;
    await t.db.updateTable('warning').set({ deal_status: 1 }).where('device_id', '=', late.id).where('warning_type', '=', 4).execute();
    const before = await warningsOf(late.id);
    // A fix the terminal had not sent yet, inside the stay: the device is judged again from that morning.
    const extra = { t: DAY0 + 97 * MIN + 30_000, at: PAWNSHOP };
    expect(await late.vt.reportBatch([fixOf(extra)], true)).toBe(0);
    await engine.idle();
    expect(await t.db.selectFrom('engine_pending').selectAll().where('device_id', '=', late.id).execute()).toEqual([]);
    expect(await warningsOf(late.id)).toEqual(before);
  });
});

/**
 * Plays a day both ways: in order on one device; on the other, what it kept in the blind area after
 * its current position (the first fix after it), as a batch, then the rest.
 */
async function bothWays(inOrder: VirtualTerminal, late: VirtualTerminal, day: Step[], blind: (s: Step) => boolean) {
  await sendInOrder(inOrder, day);
  const backAt = day.findIndex((s, i) => i > 0 && !blind(s) && blind(day[i - 1]!));
  await sendInOrder(late, day.slice(0, backAt).filter((s) => !blind(s)));
  await sendInOrder(late, [day[backAt]!]);
  expect(await late.reportBatch(day.filter(blind).map(fixOf), true)).toBe(0);
  await sendInOrder(late, day.slice(backAt + 1));
  await engine.idle();
}

const THEFT = 1 << 26;
const drive2 = (from: number, to: number, a: At, b: At): Step[] => {
  const n = (to - from) / 5;
  return Array.from({ length: n }, (_, i) => ({ t: DAY0 + (from + i * 5) * MIN, at: { lng: a.lng + ((b.lng - a.lng) * (i + 1)) / n, lat: a.lat + ((b.lat - a.lat) * (i + 1)) / n }, speed: 80 }));
};

describe('every rule, late as in order', () => {
  it('raises leaving the province and the removal alarm of a trip whose arrival was in a blind area, at the same times', async () => {
    const [inOrder, late] = [devices[2]!, devices[3]!];
    const day: Step[] = [
      ...every5(0, 60, HOME),
      ...drive2(65, 180, HOME, SUZHOU),
      ...every5(180, 235, SUZHOU),
      ...every5(240, 270, SUZHOU, THEFT),
      ...every5(275, 330, SUZHOU),
    ];
    await bothWays(inOrder.vt, late.vt, day, (s) => s.t > DAY0 + 120 * MIN && s.t < DAY0 + 285 * MIN);
    const expected = await warningsOf(inOrder.id);
    expect(expected.map((w) => w.warning_type).sort()).toEqual([3, 5]);
    // Its current position, 160 km from where it was last seen, first looked like an abnormal move:
    // the kept fixes show the drive, and that warning is closed, saying why.
    const lateOnes = await warningsOf(late.id);
    expect(lateOnes.filter((w) => w.warning_type !== 10)).toEqual(expected.map((w) => ({ ...w, late: true })));
    const withdrawn = await t.db.selectFrom('warning').select(['deal_status', 'deal_description']).where('device_id', '=', late.id).where('warning_type', '=', 10).execute();
    expect(withdrawn).toEqual([{ deal_status: 1, deal_description: WITHDRAWN_BY_LATE_DATA }]);
  });

  it('raises an abnormal move dated when the car reappeared, though its current position came first', async () => {
    const [inOrder, late] = [devices[4]!, devices[5]!];
    const far = offset(HOME, 15_000, 0);
    // Home, then nothing at all for 90 minutes (powered off), then 15 km away.
    const day: Step[] = [...every5(0, 60, HOME), ...every5(150, 240, far)];
    await bothWays(inOrder.vt, late.vt, day, (s) => s.t >= DAY0 + 150 * MIN && s.t < DAY0 + 180 * MIN);
    const expected = await warningsOf(inOrder.id);
    expect(expected.map((w) => [w.warning_type, w.warning_time])).toEqual([[10, DAY0 + 150 * MIN]]);
    expect(await warningsOf(late.id)).toEqual(expected.map((w) => ({ ...w, late: true })));
  });

  it('raises leaving and entering a fence around home that the car crossed underground, at the same times', async () => {
    const [inOrder, late] = [devices[6]!, devices[7]!];
    const far = offset(HOME, 6000, 0);
    const day: Step[] = [...every5(0, 60, HOME), ...drive(65, HOME, far), ...every5(80, 140, far), ...drive(145, far, HOME), ...every5(160, 200, HOME)];
    await bothWays(inOrder.vt, late.vt, day, (s) => s.t > DAY0 + 60 * MIN && s.t < DAY0 + 170 * MIN);
    const expected = await warningsOf(inOrder.id);
    expect(expected.map((w) => w.place_key)).toEqual([expect.stringMatching(/:out$/), expect.stringMatching(/:in$/)]);
    expect(await warningsOf(late.id)).toEqual(expected.map((w) => ({ ...w, late: true })));
  });
});
