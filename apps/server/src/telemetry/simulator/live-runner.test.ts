import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';
import { hashAuthCode } from '../gateway/auth-code.js';
import { createJt808Gateway, type Jt808Gateway } from '../gateway/gateway.js';
import { RegistrationRefused } from './device-link.js';
import { FixBuffer } from './fix-buffer.js';
import { planFleet } from './fleet-plan.js';
import { loadFleetSource } from './fleet-source.js';
import { REFUSED_RETRY_MS, startLive } from './live-runner.js';
import { HOUR_MS } from './local-time.js';
import type { FleetPlan, PlannedDevice } from './plan-types.js';
import { deviceFixes } from './timeline.js';

let t: TestApp;
let plan: FleetPlan;
let port = 0;
const silent = { info() {}, warn() {} };

const gatewayOn = async (p: number) => {
  const g = createJt808Gateway({ port: p, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 5000, log: silent });
  t.telemetry.channel = g.channel;
  port = await g.listen();
  return g;
};

beforeAll(async () => {
  t = await createTestApp();
  plan = planFleet(await loadFleetSource(t.db, { maxDevices: 10 }), { seed: 5, now: SEED_NOW, historyDays: 1 });
});
afterAll(() => t.close());

async function storedTimes(d: PlannedDevice): Promise<number[]> {
  const rows = await t.db
    .selectFrom('position as p')
    .innerJoin('device as d', 'd.id', 'p.device_id')
    .select('p.gps_time')
    .where('d.device_number', '=', d.number)
    .where('p.gps_time', '>=', plan.end)
    .orderBy('p.gps_time')
    .execute();
  return rows.map((r) => r.gps_time);
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the live runner', () => {
  it('sends each fix when its time comes, answers a position query, survives a gateway restart, and stops cleanly', async () => {
    let gateway: Jt808Gateway = await gatewayOn(0);
    // An hour of the fleet's life every second.
    const live = startLive({ plan, connection: { transport: 'tcp', host: '127.0.0.1', port, replyTimeoutMs: 5000 }, from: plan.end, simStart: plan.end, speed: 3600, tickMs: 50 });
    const queried = plan.devices.find((d) => d.kind === 1 && d.effects.silences.length === 0)!;
    await waitFor(() => gateway.isOnline(queried.number));

    const token = await t.login('admin');
    const sent = await t.app.inject({ method: 'POST', url: '/api/device/eqCommand', headers: { accessToken: token }, payload: { deviceNumber: queried.number, command: 'positionQuery' } });
    expect(sent.json().result.state).toBe('sent');
    await waitFor(async () => {
      const list = await t.app.inject({ method: 'GET', url: `/api/device/eqCommandList?deviceNumber=${queried.number}`, headers: { accessToken: token } });
      return list.json().result[0]?.state === 'answered';
    });

    await waitFor(() => live.simTime() > plan.end + 2 * HOUR_MS);
    const connects = live.stats.connects;
    await gateway.close();
    const restartedAt = live.simTime();
    gateway = await gatewayOn(port);
    await waitFor(() => live.stats.connects >= connects + 3);
    await waitFor(() => live.simTime() > restartedAt + 4 * HOUR_MS);
    await live.stop();
    expect(live.stats.positions).toBeGreaterThan(100);
    await t.telemetry.pipeline.drain();

    // Whatever was sent is exactly the plan's fixes from the end of the history on, none lost
    // across the restart (the query's answer is one position more).
    const others = plan.devices.filter((d) => d !== queried);
    let checked = 0;
    let afterRestart = 0;
    for (const d of others) {
      const times = await storedTimes(d);
      if (times.length === 0) continue;
      afterRestart += times.filter((x) => x > restartedAt + HOUR_MS).length;
      const b = new FixBuffer();
      deviceFixes(plan, d, plan.end, times[times.length - 1]! + 1, b);
      expect(times).toEqual(Array.from(b.time.subarray(0, b.length)));
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
    expect(afterRestart).toBeGreaterThan(10);
    await waitFor(() => gateway.stats.connections === 0);
    await gateway.close();
  });

  it('reconnects soon after the platform closes its connection, and after a reset registration registers anew', async () => {
    const gateway = await gatewayOn(0);
    const codes = new Map<string, string>();
    const device = plan.devices.find((d) => d.kind === 1 && d.effects.silences.length === 0)!;
    const token = await t.login('admin');
    const resetRegistration = () =>
      t.app.inject({ method: 'POST', url: '/api/device/resetRegistration', headers: { accessToken: token }, payload: { deviceNumber: device.number } });
    // The test before registered it with codes this runner does not hold.
    expect((await resetRegistration()).json().result.disconnected).toBe(false);
    // Real time: with nothing to send for a minute, only the closed connection can bring it back.
    const live = startLive({ plan: { ...plan, devices: [device] }, connection: { transport: 'tcp', host: '127.0.0.1', port, replyTimeoutMs: 5000 }, authCodes: codes, from: plan.end, simStart: plan.end, tickMs: 50 });
    await waitFor(() => gateway.isOnline(device.number) && codes.has(device.number));
    const first = codes.get(device.number);
    expect((await resetRegistration()).json().result).toMatchObject({ deviceNumber: device.number, wasRegistered: true, disconnected: true });
    await waitFor(() => codes.get(device.number) !== first && gateway.isOnline(device.number));
    expect(codes.get(device.number)).toMatch(/^[0-9a-f]{32}$/);
    await live.stop();
    await gateway.close();
  });

  it('after a refused registration asks again only ten minutes later, not in a loop', async () => {
    const gateway = await gatewayOn(0);
    const device = plan.devices.filter((d) => d.effects.silences.length === 0).at(-1)!;
    // Registered with a code this runner does not hold, as a fitted demo terminal whose code file was lost.
    await t.db.updateTable('device').set({ auth_code_hash: hashAuthCode('held-elsewhere'), register_open_until: null }).where('device_number', '=', device.number).execute();
    let now = Date.now();
    const errors: Error[] = [];
    const live = startLive({
      plan: { ...plan, devices: [device] }, connection: { transport: 'tcp', host: '127.0.0.1', port, replyTimeoutMs: 5000 },
      from: plan.end, simStart: plan.end, clock: () => now, tickMs: 20, onError: (_, err) => errors.push(err),
    });
    await waitFor(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(RegistrationRefused);
    // Minutes later (the ordinary back-off would have retried several times by now): still waiting.
    now += REFUSED_RETRY_MS - 60_000;
    await new Promise((r) => setTimeout(r, 300));
    expect(errors).toHaveLength(1);
    now += 60_000;
    await waitFor(() => errors.length === 2);
    await live.stop();
    await gateway.close();
  });
});
