import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { locationFix, VirtualTerminal } from '../simulator/virtual-terminal.js';
import { createJt808Gateway, type Jt808Gateway } from './gateway.js';

let t: TestApp;
let gateway: Jt808Gateway;
let port = 0;
let wired: string[] = [];
let wireless = '';
const silent = { info() {}, warn() {} };

beforeAll(async () => {
  t = await createTestApp();
  gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log: silent });
  t.telemetry.channel = gateway.channel;
  port = await gateway.listen();
  const rows = await t.db.selectFrom('device').select(['device_number', 'kind']).where('car_id', 'is not', null).orderBy('id').limit(40).execute();
  wired = rows.filter((r) => r.kind === 1).map((r) => r.device_number);
  wireless = rows.find((r) => r.kind === 2)!.device_number;
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});

const terminal = async (deviceNumber: string, version: 2013 | 2019 = 2013) => {
  const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber, version, model: 'GT06N', replyTimeoutMs: 5000 });
  await vt.connect();
  return vt;
};
const T = Date.UTC(2026, 10, 21, 2, 0, 0); // 2026-11-21 10:00:00 Shanghai

async function replay(deviceNumber: string, kind: 'Wired' | 'Wireless' = 'Wired') {
  const token = await t.login('admin');
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/device/trackReplay${kind}?deviceNumber=${deviceNumber}&startTime=2026-11-21%2000:00:00&endTime=2026-11-21%2023:59:59`,
    headers: { accessToken: token },
  });
  return res.json().result.list as { gpsTime: string; lng: number; lat: number; speed: number }[];
}

describe('the JT/T 808 gateway over real sockets', () => {
  it('registers, authenticates, stores a report and acknowledges it only after it is stored', async () => {
    const vt = await terminal(wired[0]!);
    const code = await vt.register();
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(await vt.authenticate(code!)).toBe(true);
    const result = await vt.report(locationFix({ time: T, lng: 120.153576, lat: 30.287459, speed: 42.5, direction: 87, acc: true, mileageKm: 12345.6 }));
    expect(result).toBe(0);
    // The acknowledgement came after the commit: the fix is already there.
    expect(await replay(wired[0]!)).toEqual([expect.objectContaining({ gpsTime: '2026-11-21 10:00:00', lng: 120.153576, lat: 30.287459, speed: 42.5 })]);
    vt.close();
  });

  it('refuses location reports from a connection that has not authenticated, and stores nothing', async () => {
    const vt = await terminal(wired[1]!);
    expect(await vt.report(locationFix({ time: T, lng: 120.1, lat: 30.2, speed: 0, direction: 0, acc: false }))).toBe(1);
    expect(await vt.authenticate('wrong-code')).toBe(false);
    expect(await vt.report(locationFix({ time: T, lng: 120.1, lat: 30.2, speed: 0, direction: 0, acc: false }))).toBe(1);
    expect(await replay(wired[1]!)).toEqual([]);
    expect(gateway.stats.refusedUnauthenticated).toBeGreaterThanOrEqual(2);
    vt.close();
  });

  it('refuses registration of an unknown terminal when auto-registration is off', async () => {
    const vt = await terminal('139999999999');
    expect(await vt.register()).toBeNull();
    vt.close();
  });

  it('with auto-registration on, files an unknown terminal as an unassigned device of the platform', async () => {
    const open = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: true, idleTimeoutMs: 5000, log: silent });
    const openPort = await open.listen();
    const vt = new VirtualTerminal({ host: '127.0.0.1', port: openPort, deviceNumber: '139888877776', version: 2013, model: 'NEW-X1', replyTimeoutMs: 5000 });
    await vt.connect();
    const code = await vt.register();
    expect(code).not.toBeNull();
    expect(await vt.authenticate(code!)).toBe(true);
    const row = await t.db.selectFrom('device as d').innerJoin('dept as p', 'p.id', 'd.dept_id').select(['d.car_id', 'd.model', 'p.kind']).where('d.device_number', '=', '139888877776').executeTakeFirstOrThrow();
    expect(row).toEqual({ car_id: null, model: 'NEW-X1', kind: 'platform' });
    vt.close();
    await open.close();
  });

  it('takes a 2019-header wireless tracker with a 15-digit IMEI and its battery and fix source', async () => {
    const vt = await terminal(wireless, 2019);
    const code = await vt.register();
    expect(await vt.authenticate(code!)).toBe(true);
    expect(await vt.report(locationFix({ time: T + 60_000, lng: 120.2, lat: 30.3, speed: 0, direction: 0, acc: false, battery: 64, fixSource: 2 }))).toBe(0);
    const list = await replay(wireless, 'Wireless');
    expect(list).toEqual([expect.objectContaining({ gpsTime: '2026-11-21 10:01:00', fixType: 2 })]);
    const status = await t.db.selectFrom('device_status as s').innerJoin('device as d', 'd.id', 's.device_id').select('s.battery').where('d.device_number', '=', wireless).executeTakeFirstOrThrow();
    expect(status.battery).toBe(64);
    vt.close();
  });

  it('stores a sub-packaged 0x0704 blind-area batch of 120 fixes, acknowledged once', async () => {
    const vt = await terminal(wired[2]!);
    await vt.authenticate((await vt.register())!);
    const fixes = Array.from({ length: 120 }, (_, i) => locationFix({ time: T + i * 20_000, lng: 120.1 + i * 0.0005, lat: 30.2, speed: 30, direction: 90, acc: true }));
    expect(await vt.reportBatch(fixes, true)).toBe(0);
    expect(await replay(wired[2]!)).toHaveLength(120);
    vt.close();
  });

  it('takes single-fix reports sent back to back without each waiting for the previous commit, all stored in order', async () => {
    const vt = await terminal(wired[9]!);
    expect(await vt.authenticate((await vt.register())!)).toBe(true);
    const batchesBefore = t.telemetry.pipeline.stats.batches;
    const fixes = Array.from({ length: 40 }, (_, k) => locationFix({ time: T + 3600_000 + k * 1000, lng: 120.2 + k * 0.0001, lat: 30.25, speed: 30, direction: 90, acc: true }));
    const results = await Promise.all(fixes.map((f) => vt.report(f)));
    expect(results).toEqual(fixes.map(() => 0));
    // One commit per frame would take 40 batches: queued together, they share a few.
    expect(t.telemetry.pipeline.stats.batches - batchesBefore).toBeLessThan(10);
    const stored = (await replay(wired[9]!)).filter((p) => p.gpsTime >= '2026-11-21 11:00:00');
    expect(stored.map((p) => p.lng)).toEqual(fixes.map((_, k) => Number((120.2 + k * 0.0001).toFixed(6))));
    vt.close();
  });

  it('queues and answers in the order frames came when the first must wait for its device to be looked up', async () => {
    const vt = await terminal(wired[10]!);
    expect(await vt.authenticate((await vt.register())!)).toBe(true);
    // Not loaded: the first report waits for the database, the frames after it for the first.
    t.telemetry.devices.forget(wired[10]!);
    const pipeline = t.telemetry.pipeline;
    const { queue, queueNow } = pipeline;
    const queued: number[] = [];
    pipeline.queue = async (items, offset) => {
      const q = await queue(items, offset);
      queued.push(...items.map((p) => p.gpsTime));
      return q;
    };
    pipeline.queueNow = (items, done) => {
      const now = queueNow(items, done);
      if (now) queued.push(...items.map((p) => p.gpsTime));
      return now;
    };
    const answered: string[] = [];
    const fix = (k: number) => locationFix({ time: T + 7200_000 + k * 1000, lng: 120.3, lat: 30.25, speed: 0, direction: 0, acc: false });
    try {
      await Promise.all([
        vt.report(fix(0)).then((r) => answered.push(`report 0: ${r}`)),
        vt.heartbeat().then((r) => answered.push(`heartbeat: ${r}`)),
        vt.report(fix(1)).then((r) => answered.push(`report 1: ${r}`)),
        vt.report({ ...fix(2), time: null }).then((r) => answered.push(`report 2: ${r}`)),
      ]);
    } finally {
      Object.assign(pipeline, { queue, queueNow });
    }
    expect(queued).toEqual([fix(0).time, fix(1).time]);
    expect(answered).toEqual(['report 0: 0', 'heartbeat: 0', 'report 1: 0', 'report 2: 2']);
    expect((await replay(wired[10]!)).filter((p) => p.gpsTime >= '2026-11-21 12:00:00')).toHaveLength(2);
    vt.close();
  });

  it('delivers a command to an online terminal and records its answer', async () => {
    const vt = await terminal(wired[3]!);
    await vt.authenticate((await vt.register())!);
    vt.onCommand = (m, serial) => vt.answer(serial, m, locationFix({ time: T + 5000, lng: 120.3, lat: 30.25, speed: 0, direction: 0, acc: false }));
    const token = await t.login('operator1');
    const sent = await t.app.inject({ method: 'POST', url: '/api/device/eqCommand', headers: { accessToken: token }, payload: { deviceNumber: wired[3], command: 'positionQuery' } });
    expect(sent.json().result.state).toBe('sent');
    await waitFor(async () => (await commandStates(wired[3]!, token))[0] === 'answered');
    const history = await t.app.inject({ method: 'GET', url: `/api/device/eqCommandList?deviceNumber=${wired[3]}`, headers: { accessToken: token } });
    // Longitude first, as every coordinate elsewhere in the console.
    expect(history.json().result[0].reply).toBe('位置 120.300000,30.250000');
    expect(await replay(wired[3]!)).toEqual([expect.objectContaining({ gpsTime: '2026-11-21 10:00:05', lng: 120.3 })]);
    vt.close();
  });

  it('queues a command for an offline terminal and sends it when the terminal authenticates', async () => {
    const token = await t.login('operator1');
    const queued = await t.app.inject({ method: 'POST', url: '/api/device/eqCommand', headers: { accessToken: token }, payload: { deviceNumber: wired[4], command: 'setParams', reportInterval: 15 } });
    expect(queued.json().result.state).toBe('queued');
    const vt = await terminal(wired[4]!);
    const received: string[] = [];
    vt.onCommand = (m, serial) => {
      received.push(m.kind);
      vt.answer(serial, m, locationFix({ time: T, lng: 120, lat: 30, speed: 0, direction: 0, acc: false }));
    };
    await vt.authenticate((await vt.register())!);
    await waitFor(async () => (await commandStates(wired[4]!, token))[0] === 'answered');
    expect(received).toEqual(['set-parameters']);
    vt.close();
  });

  it('survives garbage, bad check codes and oversize input, and keeps serving', async () => {
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise((r) => socket.once('connect', r));
    socket.write(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    socket.write(Buffer.from([0x7e, 0x02, 0x00, 0x00, 0x01, 0x12, 0x7e]));
    // A frame that opens and never closes: 100 kB the splitter must drop without holding.
    socket.write(Buffer.concat([Buffer.from([0x7e]), Buffer.alloc(100_000, 0x41)]));
    await new Promise((r) => setTimeout(r, 100));
    socket.destroy();
    await waitFor(async () => gateway.stats.oversizeRuns > 0);
    expect(Object.values(gateway.stats.malformed).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(gateway.stats.garbageBytes).toBeGreaterThan(0);
    const vt = await terminal(wired[5]!);
    expect(await vt.register()).not.toBeNull();
    vt.close();
  });

  it('closes a connection that stays silent past the idle time-out', async () => {
    const quiet = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 1500, log: silent });
    const socket = net.connect({ host: '127.0.0.1', port: await quiet.listen() });
    const closed = new Promise<number>((resolve) => {
      const started = Date.now();
      socket.on('close', () => resolve(Date.now() - started));
    });
    expect(await closed).toBeGreaterThanOrEqual(1000);
    await quiet.close();
  });
});

async function commandStates(deviceNumber: string, token: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/device/eqCommandList?deviceNumber=${deviceNumber}`, headers: { accessToken: token } });
  return res.json().result.map((c: { state: string }) => c.state);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}
