import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';
import { createJt808Gateway, type Jt808Gateway } from '../gateway/gateway.js';
import type { Connection } from './device-link.js';
import { FixBuffer } from './fix-buffer.js';
import { planFleet } from './fleet-plan.js';
import { loadFleetSource } from './fleet-source.js';
import { runHistory } from './history-runner.js';
import type { FleetPlan, PlannedDevice } from './plan-types.js';
import { deviceFixes } from './timeline.js';

let t: TestApp;
let gateway: Jt808Gateway;
let tcp: Connection;
let plan: FleetPlan;
/** The codes the simulated terminals were given, as a terminal keeps them in its flash. */
const kept = new Map<string, string>();
const silent = { info() {}, warn() {} };

beforeAll(async () => {
  t = await createTestApp();
  gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 5000, log: silent });
  t.telemetry.channel = gateway.channel;
  tcp = { transport: 'tcp', host: '127.0.0.1', port: await gateway.listen(), replyTimeoutMs: 10_000 };
  plan = planFleet(await loadFleetSource(t.db, { maxDevices: 10 }), { seed: 3, now: SEED_NOW, historyDays: 1 });
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});

function generated(d: PlannedDevice, from = plan.start, to = plan.end): FixBuffer {
  const b = new FixBuffer();
  deviceFixes(plan, d, from, to, b);
  return b;
}

async function stored(d: PlannedDevice, from = plan.start, to = plan.end) {
  return t.db
    .selectFrom('position as p')
    .innerJoin('device as d', 'd.id', 'p.device_id')
    .select(['p.gps_time', 'p.lng', 'p.lat', 'p.speed', 'p.alarm_word', 'p.battery', 'p.mileage'])
    .where('d.device_number', '=', d.number)
    .where('p.gps_time', '>=', from)
    .where('p.gps_time', '<', to)
    .orderBy('p.gps_time')
    .execute();
}

describe('the history runner', () => {
  it('uploads exactly the generated day of ten devices over JT/T 808 and leaves each at its newest fix', async () => {
    expect(plan.devices).toHaveLength(10);
    expect(new Set(plan.devices.map((d) => d.kind))).toEqual(new Set([1, 2]));
    const progress: number[][] = [];
    const result = await runHistory({ plan, connection: tcp, authCodes: kept, concurrency: 4, batchSize: 60, onProgress: (...a) => progress.push(a) });
    expect(result.failed).toEqual([]);

    let total = 0;
    for (const d of plan.devices) {
      const want = generated(d);
      const rows = await stored(d);
      expect(rows.length, d.number).toBe(want.length);
      expect(rows.map((r) => r.gps_time)).toEqual(Array.from(want.time.subarray(0, want.length)));
      total += want.length;
      if (want.length === 0) continue;
      const last = want.length - 1;
      const status = await t.db
        .selectFrom('device_status as s')
        .innerJoin('device as d', 'd.id', 's.device_id')
        .select(['s.last_time', 's.lng', 's.lat', 's.battery'])
        .where('d.device_number', '=', d.number)
        .executeTakeFirstOrThrow();
      expect(status.last_time).toBe(want.time[last]);
      expect(status.lng).toBeCloseTo(want.lng[last]!, 5);
      expect(status.lat).toBeCloseTo(want.lat[last]!, 5);
      if (d.kind === 2) expect(status.battery).toBe(want.battery[last]);
    }
    expect(result.positions).toBe(total);
    expect(progress[progress.length - 1]).toEqual([10, 10, total]);
  });

  it('authenticates again with the codes it kept, and a second upload stores nothing twice', async () => {
    const before = await Promise.all(plan.devices.map((d) => stored(d)));
    // A device with nothing to send (silent all day after a power cut) never connects.
    const reporting = plan.devices.filter((d) => generated(d).length > 0);
    expect(reporting.length).toBeGreaterThan(5);
    for (const d of reporting) expect(kept.get(d.number)).toMatch(/^[0-9a-f]{32}$/);
    const result = await runHistory({ plan, connection: tcp, authCodes: kept });
    expect(result.failed).toEqual([]);
    expect(await Promise.all(plan.devices.map((d) => stored(d)))).toEqual(before);
  });

  it('without the codes, the registered terminals are refused: nobody registers them a second time', async () => {
    const [device] = plan.devices.filter((d) => generated(d).length > 0);
    const result = await runHistory({ plan: { ...plan, devices: [device!] }, connection: tcp, authCodes: new Map([[device!.number, 'stale-code']]) });
    expect(result.failed).toEqual([{
      device: device!.number,
      error: `the platform refused to register ${device!.number}: already registered, and this simulator does not hold its code (reset its registration on the device screens)`,
    }]);
  });

  it('reports a device the platform does not know as failed, and carries on with the others', async () => {
    const [first, second] = plan.devices.filter((d) => d.kind === 1 && generated(d).length > 0);
    const stranger = { ...first!, number: '139999999998' };
    const result = await runHistory({ plan: { ...plan, devices: [stranger, second!] }, connection: tcp, authCodes: kept });
    expect(result.failed).toEqual([{ device: '139999999998', error: 'the platform refused to register 139999999998: unknown terminal, or its registration window is closed (开放注册 on the device screens opens it)' }]);
    expect(result.devices).toBe(2);
  });

  it('sends through the HTTP ingest API as an integration, to the same rows', async () => {
    const key = 'simulator-integration-key-0001';
    const root = await t.db.selectFrom('dept').select('id').where('kind', '=', 'platform').executeTakeFirstOrThrow();
    await t.db.insertInto('integration').values({ dept_id: root.id, name: '模拟器', key_hash: crypto.createHash('sha256').update(key).digest('hex'), created_at: SEED_NOW }).execute();
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const earlier = { from: plan.start - 86_400_000, to: plan.start };
    const devices = plan.devices.slice(0, 3);
    const result = await runHistory({ plan: { ...plan, devices }, connection: { transport: 'http', url, apiKey: key }, ...earlier });
    expect(result.failed).toEqual([]);
    for (const d of devices) {
      const want = generated(d, earlier.from, earlier.to);
      const rows = await stored(d, earlier.from, earlier.to);
      expect(rows.map((r) => r.gps_time)).toEqual(Array.from(want.time.subarray(0, want.length)));
      expect(rows.map((r) => r.alarm_word)).toEqual(Array.from(want.alarm.subarray(0, want.length)));
    }
  });
});
