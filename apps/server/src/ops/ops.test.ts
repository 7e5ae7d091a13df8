import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJt808Gateway, type Jt808Gateway } from '../telemetry/gateway/gateway.js';
import { locationFix, VirtualTerminal } from '../telemetry/simulator/virtual-terminal.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createOps, type Ops } from './ops.js';

/** The console app of ROLE=all with its gateway, pipeline and operations port, as all-role.ts wires them. */
let t: TestApp;
let ops: Ops;
let gateway: Jt808Gateway;
let jt808Port = 0;
let opsUrl = '';
const silent = { info() {}, warn() {} };

beforeAll(async () => {
  ops = createOps({ host: '127.0.0.1', metricsPort: 0 }, 'all');
  t = await createTestApp({}, undefined, { ops });
  ops.watchDatabase(t.db);
  ops.watchPipeline(t.telemetry.pipeline);
  // The engine's own count is engine.test.ts's; here, that it is exported by type.
  ops.watchEngine({ raisedByType: new Map([[2, 3]]) });
  gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log: silent });
  ops.watchGateway(gateway);
  jt808Port = await gateway.listen();
  opsUrl = `http://127.0.0.1:${await ops.listen()}`;
});
afterAll(async () => {
  await ops?.close();
  await gateway?.close();
  await t?.close();
});

const rowsOf = async (table: 'session' | 'audit_log') => Number((await t.db.selectFrom(table).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('health and metrics', () => {
  it('answers /healthz and /readyz on the console port without a session, in plain JSON, touching no session and writing no audit', async () => {
    const before = [await rowsOf('session'), await rowsOf('audit_log')];
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz', headers: { accessToken: 'not-a-session' } });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['content-type']).toMatch(/^application\/json/);
    expect(ready.headers['x-content-type-options']).toBe('nosniff');
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', jt808: 'ok' } });
    expect([await rowsOf('session'), await rowsOf('audit_log')]).toEqual(before);
    // Metrics only on the operations port: the console's faces users.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('serves the metric families on the operations port once a terminal has reported', async () => {
    const number = (await t.db.selectFrom('device').select('device_number').where('kind', '=', 1).where('car_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).device_number;
    const vt = new VirtualTerminal({ host: '127.0.0.1', port: jt808Port, deviceNumber: number, version: 2013, model: 'GT06N', replyTimeoutMs: 5000 });
    await vt.connect();
    expect(await vt.authenticate((await vt.register())!)).toBe(true);
    expect(await vt.report(locationFix({ time: Math.floor(Date.now() / 1000) * 1000 - 60_000, lng: 120.2871, lat: 30.2412, speed: 36, direction: 90, acc: true }))).toBe(0);
    await t.app.inject({ method: 'GET', url: '/readyz?probe=1' });
    await t.app.inject({ method: 'GET', url: '/no/such/path/42' });

    const res = await fetch(`${opsUrl}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    vt.close();
    const lines = text.split('\n');
    for (const line of [
      'cvrisk_positions_received_total{source="jt808"} 1',
      'cvrisk_positions_stored_total 1',
      'cvrisk_ack_latency_seconds_count 1',
      'cvrisk_terminal_connections 1',
      'cvrisk_terminals_authenticated 1',
      'cvrisk_pipeline_queue_depth 0',
      'cvrisk_warnings_raised_total{type="powerCut"} 3',
      'cvrisk_ready{check="jt808"} 1',
    ]) expect(lines).toContain(line);
    expect(text).toMatch(/^cvrisk_pipeline_commit_seconds_count [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // By route pattern and status, never the URL as sent.
    expect(text).toMatch(/^cvrisk_http_request_duration_seconds_count\{method="GET",route="\/readyz",status="200"\} [1-9]/m);
    expect(text).toMatch(/^cvrisk_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} [1-9]/m);
    expect(text).not.toContain('probe=1');
    expect(text).not.toContain('/no/such');
  });
});
