import crypto from 'node:crypto';
import { LIVE_STREAM_PATH } from '@cvrisk/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { connectBroker } from '../broker/nats-connection.js';
import { locationFix, VirtualTerminal } from '../telemetry/simulator/virtual-terminal.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startApiRole } from './api-role.js';
import { startGatewayRole } from './gateway-role.js';
import { scaleNames } from './scale-setup.js';
import { startWorkerRole } from './worker-role.js';

/**
 * Scale mode's three roles in one process, each with its own broker connection, on one PostgreSQL
 * schema: what a terminal sends through the gateway is stored by the worker and shown by the API
 * process, and a command given to the API process reaches the terminal through the gateway.
 */
describe.skipIf(!process.env.TEST_NATS_URL || !process.env.TEST_DATABASE_URL)('gateway, worker and API processes together', () => {
  const prefix = `t${crypto.randomBytes(4).toString('hex')}`;
  // Read inside the suite: without the two URLs the settings are refused, and the suite is skipped.
  const config = () => loadConfig({
    ROLE: 'api', DATABASE_URL: process.env.TEST_DATABASE_URL, NATS_URL: process.env.TEST_NATS_URL, NATS_PREFIX: prefix, NATS_PARTITIONS: '4',
    WORKER_LEASE_SECONDS: '2', PORT: '0', JT808_PORT: '0', METRICS_PORT: '0', HOST: '127.0.0.1', DATA_DIR: '/tmp/cvrisk-unused',
  });
  const logger = pino({ level: process.env.ROLES_TEST_LOG ?? 'silent' });
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startGatewayRole>>;
  let worker: Awaited<ReturnType<typeof startWorkerRole>>;
  let api: Awaited<ReturnType<typeof startApiRole>>;
  let number = '';
  let apiUrl = '';

  beforeAll(async () => {
    // The demo database and its sessions; the roles share it, as processes share PostgreSQL.
    t = await createTestApp();
    [gateway, worker, api] = await Promise.all([startGatewayRole(config(), logger, t.handle), startWorkerRole(config(), logger, t.handle), startApiRole(config(), logger, t.handle)]);
    const address = api.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    apiUrl = `http://127.0.0.1:${address.port}`;
    number = (await t.db.selectFrom('device').select('device_number').where('kind', '=', 1).where('car_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).device_number;
  });
  afterAll(async () => {
    await Promise.allSettled([gateway?.stop(), worker?.stop(), api?.stop()]);
    const broker = await connectBroker(process.env.TEST_NATS_URL!, `cleanup-${prefix}`);
    await broker.jsm.streams.delete(scaleNames(prefix).positions.stream).catch(() => undefined);
    await broker.close();
    await t?.close();
  });

  it('stores a report acknowledged by the gateway, shows it live on the API, counts it in each process’s metrics, and sends the API’s command to the terminal', async () => {
    // A lone worker takes every partition within a round or two of its lease.
    await expect.poll(() => worker.owned().length, { timeout: 10_000 }).toBe(4);
    const token = await t.login('admin');
    const res = await fetch(`${apiUrl}${LIVE_STREAM_PATH}?accessToken=${token}`);
    const reader = res.body!.getReader();
    let live = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        live += new TextDecoder().decode(value);
      }
    })();

    const vt = new VirtualTerminal({ host: '127.0.0.1', port: gateway.jt808Port, deviceNumber: number, version: 2013, model: 'GT06N', replyTimeoutMs: 5000 });
    await vt.connect();
    expect(await vt.authenticate((await vt.register())!)).toBe(true);
    // JT/T 808 carries whole seconds.
    const time = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    expect(await vt.report(locationFix({ time, lng: 120.2871, lat: 30.2412, speed: 36, direction: 90, acc: true }))).toBe(0);
    const stored = () => t.db.selectFrom('position as p').innerJoin('device as d', 'd.id', 'p.device_id').select(['p.gps_time', 'p.lng']).where('d.device_number', '=', number).where('p.gps_time', '=', time).execute();
    await expect.poll(stored, { timeout: 10_000 }).toEqual([{ gps_time: time, lng: 120.2871 }]);
    await expect.poll(() => live, { timeout: 10_000 }).toContain(`"deviceNumber":"${number}"`);

    // Each process answers its probes, and counts what went through it (docs/deploy.md, "Health and metrics").
    const ops = (role: { ops: { port(): number | null } }, p: string) => fetch(`http://127.0.0.1:${role.ops.port()}${p}`);
    expect(await (await ops(gateway, '/readyz')).json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', nats: 'ok', jt808: 'ok' } });
    expect(await (await ops(worker, '/readyz')).json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', nats: 'ok', partitions: '4 held here, 4/4 held' } });
    expect(await (await fetch(`${apiUrl}/readyz`)).json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', nats: 'ok' } });
    const gatewayLines = (await (await ops(gateway, '/metrics')).text()).split('\n');
    expect(gatewayLines).toEqual(expect.arrayContaining(['cvrisk_positions_received_total{source="jt808"} 1', 'cvrisk_ack_latency_seconds_count 1']));
    const workerLines = async () => (await (await ops(worker, '/metrics')).text()).split('\n');
    await expect.poll(workerLines).toEqual(expect.arrayContaining([
      'cvrisk_positions_stored_total 1', 'cvrisk_partitions_held 4', ...[0, 1, 2, 3].map((p) => `cvrisk_consumer_lag{partition="${p}"} 0`),
    ]));

    const received: string[] = [];
    vt.onCommand = (m, serial) => {
      received.push(m.kind);
      vt.answer(serial, m, locationFix({ time: Date.now() - 1000, lng: 120.29, lat: 30.24, speed: 0, direction: 0, acc: false }));
    };
    const sent = await fetch(`${apiUrl}/api/device/eqCommand`, {
      method: 'POST', headers: { accessToken: token, 'content-type': 'application/json' }, body: JSON.stringify({ deviceNumber: number, command: 'positionQuery' }),
    });
    expect((await sent.json()).code).toBe(200);
    const states = async () => (await (await fetch(`${apiUrl}/api/device/eqCommandList?deviceNumber=${number}`, { headers: { accessToken: token } })).json()).result.map((c: { state: string }) => c.state);
    await expect.poll(states, { timeout: 10_000 }).toEqual(['answered']);
    expect(received).toEqual(['location-query']);
    vt.close();
    await reader.cancel().catch(() => undefined);
  });
});
