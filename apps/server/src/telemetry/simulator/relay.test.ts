import { COMMAND_IDS, DeviceKind, RELAY_STATUS_BITS } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';
import { SEEDED_CONTROL_MAPPING, type ControlMappingRow } from '../commands/seeded-control-mapping.js';
import { controlCommand } from '../commands/vehicle-control-command.js';
import { createJt808Gateway, type Jt808Gateway } from '../gateway/gateway.js';
import { FixBuffer } from './fix-buffer.js';
import { planFleet } from './fleet-plan.js';
import { loadFleetSource } from './fleet-source.js';
import { startLive } from './live-runner.js';
import { HOUR_MS, MINUTE_MS } from './local-time.js';
import type { FleetPlan, PlannedDevice } from './plan-types.js';
import { relayOrderOf } from './relay.js';
import { deviceFixes, fixNow } from './timeline.js';

const RELAY = RELAY_STATUS_BITS.oil | RELAY_STATUS_BITS.circuit;
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const mappingOf = (model: string): ControlMappingRow => SEEDED_CONTROL_MAPPING.find((m) => m.model === model)!;

describe('relayOrderOf: what a terminal of a model makes of a command', () => {
  it('obeys its own mapping, refuses another make\'s relay command as unsupported, leaves other commands alone', () => {
    expect(relayOrderOf('GT06N', { kind: 'terminal-control', command: 0xf0 })).toBe('cut');
    expect(relayOrderOf('GT06N', { kind: 'terminal-control', command: 0xf1 })).toBe('restore');
    expect(relayOrderOf('GT06N', { kind: 'terminal-control', command: 0x64 })).toBe('unsupported');
    expect(relayOrderOf('GT06N', { kind: 'terminal-control', command: 4 })).toBeNull();
    expect(relayOrderOf('GT06N', { kind: 'vehicle-control', flag: 1 })).toBe('unsupported');
    expect(relayOrderOf('JM-VL03', { kind: 'vehicle-control', flag: 1 })).toBe('cut');
    expect(relayOrderOf('JM-VL03', { kind: 'vehicle-control', flag: 0, typeId: 0xf001 })).toBe('restore');
    expect(relayOrderOf('JM-VL03', { kind: 'vehicle-control', flag: 1, typeId: 0xf002 })).toBe('unsupported');
    expect(relayOrderOf('JM-VL03', { kind: 'terminal-control', command: 0xf0 })).toBe('unsupported');
    expect(relayOrderOf('KM-02', { kind: 'text-message', flag: 1, text: 'RELAY,1#' })).toBe('cut');
    expect(relayOrderOf('KM-02', { kind: 'text-message', flag: 1, text: 'RELAY,0#' })).toBe('restore');
    expect(relayOrderOf('KM-02', { kind: 'text-message', flag: 12, text: '请按时还款' })).toBeNull();
    expect(relayOrderOf('GT06N', { kind: 'text-message', flag: 1, text: 'RELAY,1#' })).toBeNull();
    expect(relayOrderOf('ZX-W20', { kind: 'vehicle-control', flag: 1 })).toBe('unsupported');
  });
});

let t: TestApp;
let gateway: Jt808Gateway;
let port = 0;
let plan: FleetPlan;
const silent = { info() {}, warn() {} };

beforeAll(async () => {
  t = await createTestApp();
  gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log: silent });
  t.telemetry.channel = gateway.channel;
  port = await gateway.listen();
  plan = planFleet(await loadFleetSource(t.db, { maxDevices: 40 }), { seed: 5, now: SEED_NOW, historyDays: 1 });
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});

async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const plannedTimes = (d: PlannedDevice, from: number, to: number) => {
  const b = new FixBuffer();
  deviceFixes(plan, d, from, to, b);
  return { times: Array.from(b.time.subarray(0, b.length)), moving: Array.from(b.speed.subarray(0, b.length)).some((v) => v > 0) };
};

const unscripted = (d: PlannedDevice) => d.effects.silences.length === 0 && d.effects.alarms.length === 0 && d.effects.pins.length === 0;
/** The car's other device (its wireless tracker), if it has one with nothing scripted on it. */
const siblingOf = (d: PlannedDevice) => plan.devices.find((o) => o !== d && o.car.carId === d.car.carId && unscripted(o));

/**
 * Wired devices with nothing scripted on them, and a time when each of their cars is driving; the
 * first one's car carries a second device.
 */
function drivingNow(count: number): { devices: PlannedDevice[]; sibling: PlannedDevice; at: number } {
  const plain = plan.devices.filter((d) => d.kind === DeviceKind.wired && unscripted(d));
  for (let at = plan.end + 7000; at < plan.end + 24 * HOUR_MS; at += 5 * MINUTE_MS) {
    const driving = plain.filter((d) => [0, 5].every((m) => d.car.life.stateAt(at + m * MINUTE_MS).moving));
    // One device a car: two in one car would stop each other's car.
    const byCar = [...new Map(driving.map((d) => [d.car.carId, d])).values()].sort((a, b) => Number(!siblingOf(a)) - Number(!siblingOf(b)));
    const sibling = byCar[0] && siblingOf(byCar[0]);
    if (byCar.length >= count && sibling) return { devices: byCar.slice(0, count), sibling, at };
  }
  throw new Error('no time with enough cars driving');
}

async function positions(deviceNumber: string, from: number) {
  return t.db
    .selectFrom('position as p')
    .innerJoin('device as d', 'd.id', 'p.device_id')
    .select(['p.gps_time', 'p.lng', 'p.lat', 'p.speed', 'p.acc', 'p.status_word'])
    .where('d.device_number', '=', deviceNumber)
    .where('p.gps_time', '>=', from)
    .orderBy('p.gps_time')
    .execute();
}

describe('a demo terminal obeys its model\'s immobilisation command', () => {
  it('stops its car where it is and reports the relay bits until restored, then carries on with its programme', async () => {
    const found = drivingNow(3);
    const models = ['GT06N', 'JM-VL03', 'KM-02'];
    const devices = found.devices.map((d, i) => ({ ...d, model: models[i]! }));
    const X = found.at;
    const R = X + 2 * HOUR_MS;
    const ids = new Map<string, number>();
    for (const d of [...devices, found.sibling]) ids.set(d.number, (await t.db.selectFrom('device').select('id').where('device_number', '=', d.number).executeTakeFirstOrThrow()).id);

    // Simulated time moves only when the test moves the clock.
    let now = Date.now();
    const live = startLive({ plan: { ...plan, devices: [...devices, found.sibling] }, connection: { transport: 'tcp', host: '127.0.0.1', port, replyTimeoutMs: 5000 }, from: X, simStart: X, clock: () => now, tickMs: 20, heartbeatMs: 3_600_000 });
    try {
      await waitFor(() => ([...devices, found.sibling].every((d) => gateway.isOnline(d.number)) ? true : undefined));

      const send = async (d: PlannedDevice, c: { command: number; params: object }) => {
        const id = await t.telemetry.commands.create(ids.get(d.number)!, c.command, c.params, null);
        const [stored] = await t.telemetry.commands.queuedFor(ids.get(d.number)!);
        expect(await t.telemetry.channel.deliver(d.number, stored!)).toBe(true);
        return waitFor(async () => {
          const row = await t.db.selectFrom('device_command').select(['state', 'reply']).where('id', '=', id).executeTakeFirstOrThrow();
          return row.state === 'sent' ? undefined : row;
        });
      };

      // Another make's command: a real GT06N does not know 0x8500, and says so.
      expect(await send(devices[0]!, controlCommand(mappingOf('JM-VL03'), 'cut'))).toEqual({ state: 'failed', reply: '终端应答：不支持' });
      const cutReplies = [];
      for (const d of devices) cutReplies.push(await send(d, controlCommand(mappingOf(d.model), 'cut')));
      expect(cutReplies).toEqual([
        { state: 'answered', reply: '终端应答：成功' },
        { state: 'answered', reply: '车辆控制应答：油电已断开' },
        { state: 'answered', reply: '终端应答：成功' },
      ]);

      // Two hours on: a report at once and every 15 minutes, nine in all, all standing still.
      now += R - X;
      for (const d of devices) await waitFor(async () => ((await positions(d.number, X)).length >= 9 ? true : undefined));
      for (const d of devices) {
        const stood = await positions(d.number, X);
        const spot = fixNow(plan, d, X);
        expect(stood.map((p) => p.gps_time)).toEqual(Array.from({ length: 9 }, (_, k) => Math.floor(X / 1000) * 1000 + k * 15 * MINUTE_MS));
        for (const p of stood) {
          expect(p).toMatchObject({ lng: round6(spot.longitude), lat: round6(spot.latitude), speed: 0, acc: 0 });
          expect(p.status_word & RELAY).toBe(RELAY);
        }
        // What it would have done uncut: driven on.
        expect(plannedTimes(d, X, R).moving).toBe(true);
      }

      // The car's tracker, asked where it is, answers where the car stands, not where its plan had driven it.
      const spot = fixNow(plan, devices[0]!, X);
      expect(fixNow(plan, found.sibling, R)).not.toMatchObject({ longitude: spot.longitude, latitude: spot.latitude });
      expect((await send(found.sibling, { command: COMMAND_IDS.positionQuery, params: {} })).reply).toBe(`位置 ${spot.longitude.toFixed(6)},${spot.latitude.toFixed(6)}`);

      const restoreReplies = [];
      for (const d of devices) restoreReplies.push(await send(d, controlCommand(mappingOf(d.model), 'restore')));
      expect(restoreReplies.map((r) => r.reply)).toEqual(['终端应答：成功', '车辆控制应答：油电正常', '终端应答：成功']);

      // An hour on: its report on resuming (a second after its last report standing), then the plan's
      // fixes from there on, relay bits clear.
      now += HOUR_MS;
      const resumed = R + 1000;
      for (const d of devices) {
        const planned = plannedTimes(d, resumed + 1, R + HOUR_MS + 1).times;
        const after = await waitFor(async () => {
          const rows = await positions(d.number, resumed);
          return rows.length >= planned.length + 1 ? rows : undefined;
        });
        expect(after.map((p) => p.gps_time)).toEqual([resumed, ...planned]);
        for (const p of after) expect(p.status_word & RELAY).toBe(0);
        const status = await t.db.selectFrom('device_status').select('status_word').where('device_id', '=', ids.get(d.number)!).executeTakeFirstOrThrow();
        expect(status.status_word & RELAY).toBe(0);
      }
    } finally {
      await live.stop();
    }
  });
});
