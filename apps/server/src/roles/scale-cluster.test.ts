import crypto from 'node:crypto';
import { LIVE_STREAM_PATH, WARNING_TYPES, type WarningEvent } from '@cvrisk/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBroker } from '../broker/nats-connection.js';
import type { DatabaseHandle } from '../db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed-demo.js';
import { locationFix } from '../telemetry/simulator/virtual-terminal.js';
import { startRoleProcess, type RoleProcess } from '../test/role-process.js';
import { ScriptedTerminal } from '../test/scripted-terminal.js';
import { reopenSeedWindows, SEED_NOW } from '../test/test-app.js';
import { openTestDatabase } from '../test/test-database.js';
import { scaleNames } from './scale-setup.js';

const TERMINALS = 200;
const FIXES = 250;
/**
 * The fix from which wired terminals report "main power lost" (JT/T 808 alarm bit 8): one rising edge
 * each. Well before the kill (about fix 100 on average), so the terminals on gateway A have had it
 * acknowledged there: at fix 100 that was a coin toss per terminal, and on a loaded machine none won.
 */
const POWER_LOST_FROM = 50;
const POWER_LOST = 1 << 8;
/** The processes are killed once this many positions were acknowledged: mid-stream. */
const KILL_AT = (TERMINALS * FIXES * 2) / 5;

/**
 * Scale mode as deployed: two gateways, two workers and two API processes, each its own OS process,
 * on one PostgreSQL schema and one NATS JetStream. 200 terminals send 50,000 single-fix reports; one
 * worker and one gateway are killed with SIGKILL mid-stream, and the terminals of the dead gateway
 * move to the other. Nothing acknowledged may be lost or stored twice, each device's positions must
 * be stored in the order they were sent, each warning raised once, and live events and commands
 * must cross between processes.
 */
describe.skipIf(!process.env.TEST_NATS_URL || !process.env.TEST_DATABASE_URL)('two gateways, two workers and two API processes', () => {
  const prefix = `c${crypto.randomBytes(4).toString('hex')}`;
  let handle: DatabaseHandle;
  const processes: RoleProcess[] = [];
  let gateways: RoleProcess[] = [];
  let workers: RoleProcess[] = [];
  let apis: RoleProcess[] = [];
  let terminals: ScriptedTerminal[] = [];
  let wired = new Set<string>();
  let deviceIds = new Map<string, number>();
  let warningsBefore = 0;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedDemo(handle.db, { now: SEED_NOW });
    await reopenSeedWindows(handle.db);
    // Every position row inserted, in insertion order: whether a device's fixes were stored in the order sent.
    await sql`create table position_insert_log (seq bigserial primary key, device_id integer not null, gps_time bigint not null)`.execute(handle.db);
    await sql.raw(`create function log_position_insert() returns trigger language plpgsql as $$
      begin insert into position_insert_log (device_id, gps_time) values (new.device_id, new.gps_time); return null; end $$`).execute(handle.db);
    await sql`create trigger position_insert_log after insert on position for each row execute function log_position_insert()`.execute(handle.db);
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(handle.db)).rows[0]!.s;
    warningsBefore = Number((await handle.db.selectFrom('warning').select((e) => e.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);

    // Devices fitted to cars whose customers are not white-listed (they get no warnings), half wired
    // (they can report a power cut) and half wireless.
    const pick = (kind: number) => handle.db.selectFrom('device as d').innerJoin('car as c', 'c.id', 'd.car_id').leftJoin('white_list as wl', 'wl.customer_id', 'c.customer_id')
      .select(['d.id', 'd.device_number']).where('d.kind', '=', kind).where('wl.id', 'is', null).orderBy('d.id').limit(TERMINALS / 2).execute();
    const [wiredRows, wirelessRows] = await Promise.all([pick(1), pick(2)]);
    expect(wiredRows.length + wirelessRows.length).toBe(TERMINALS);
    wired = new Set(wiredRows.map((d) => d.device_number));
    deviceIds = new Map([...wiredRows, ...wirelessRows].map((d) => [d.device_number, d.id]));
    // JT/T 808 carries whole seconds; every fix is recent and 10 s after the one before.
    const start = Math.floor(Date.now() / 1000) * 1000 - (FIXES + 6) * 10_000;
    terminals = [...deviceIds.keys()].map((number, i) => new ScriptedTerminal(number, Array.from({ length: FIXES }, (_, j) => locationFix({
      time: start + j * 10_000, lng: 120.1 + (i % 20) * 0.01 + j * 0.0005, lat: 30.2 + Math.floor(i / 20) * 0.01, speed: 18, direction: 90, acc: true,
      alarm: wired.has(number) && j >= POWER_LOST_FROM ? POWER_LOST : 0,
    })), i % 2));

    const env = {
      DATABASE_URL: `${process.env.TEST_DATABASE_URL}${process.env.TEST_DATABASE_URL!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      NATS_URL: process.env.TEST_NATS_URL!, NATS_PREFIX: prefix, NATS_PARTITIONS: '8', WORKER_LEASE_SECONDS: '2', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/cvrisk-unused',
    };
    // The first process creates the stream; the others then start together.
    workers = [await startRoleProcess('worker', env)];
    const rest = await Promise.all([startRoleProcess('worker', env), startRoleProcess('gateway', env), startRoleProcess('gateway', env), startRoleProcess('api', env), startRoleProcess('api', env)]);
    workers.push(rest[0]);
    gateways = rest.slice(1, 3);
    apis = rest.slice(3, 5);
    processes.push(...workers, ...rest);
  }, 240_000);

  afterAll(async () => {
    for (const t of terminals) t.close();
    await Promise.all(processes.map((p) => p.kill()));
    const broker = await connectBroker(process.env.TEST_NATS_URL!, `cleanup-${prefix}`);
    await broker.jsm.streams.delete(scaleNames(prefix).positions.stream).catch(() => undefined);
    await broker.close();
    await handle?.close();
  });

  const api = (p: RoleProcess) => ({
    async login(username: string): Promise<string> {
      const res = await fetch(`http://127.0.0.1:${p.port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
      return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
    },
    async call(token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
      const res = await fetch(`http://127.0.0.1:${p.port}${url}`, { method, headers: { accessToken: token, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
      return res.json() as Promise<{ code: number; result?: unknown }>;
    },
    /** Everything the live stream sends from now on, as it arrives. */
    async listen(token: string) {
      const res = await fetch(`http://127.0.0.1:${p.port}${LIVE_STREAM_PATH}?accessToken=${token}`);
      const reader = res.body!.getReader();
      const seen = { text: '', stop: () => reader.cancel().catch(() => undefined) };
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          seen.text += new TextDecoder().decode(value);
        }
      })();
      return seen;
    },
  });

  it('keeps every acknowledged position once and in order, raises each warning once, and crosses processes with events and commands', async () => {
    const [apiA, apiB] = apis.map(api) as [ReturnType<typeof api>, ReturnType<typeof api>];
    const tokenA = await apiA.login('admin');
    const tokenB = await apiB.login('admin');
    const liveB = await apiB.listen(tokenB);

    // Mid-stream, one worker and one gateway die; the terminals of the dead gateway go to the other.
    let acked = 0;
    let killed: Promise<void> | null = null;
    const ports = gateways.map((g) => g.port);
    // Fitted terminals have registered before the day the test plays: a registration the kill cut off
    // after it was stored would leave its terminal without a code, refused as already registered.
    await Promise.all(terminals.map((t) => t.stayConnected(() => ports)));
    const onAck = () => {
      if (++acked === KILL_AT) killed = Promise.all([workers[0]!.kill(), gateways[0]!.kill()]).then(() => undefined);
    };
    await Promise.all(terminals.map((t) => t.run(() => ports, onAck)));
    await killed;
    expect(killed).not.toBeNull();
    // A terminal that had sent everything before its gateway died comes back for its next heartbeat.
    await Promise.all(terminals.map((t) => t.stayConnected(() => ports)));
    expect(terminals.filter((t) => t.gateway === 0)).toEqual([]);
    expect(terminals.some((t) => t.reconnects > 0)).toBe(true);

    // Every acknowledged position is stored, once each.
    const ids = [...deviceIds.values()];
    const stored = async () => Number((await handle.db.selectFrom('position').select((e) => e.fn.countAll().as('n')).where('device_id', 'in', ids).executeTakeFirstOrThrow()).n);
    await expect.poll(stored, { timeout: 120_000, interval: 500 }).toBe(TERMINALS * FIXES);
    const log = await sql<{ device_id: number; gps_time: number }>`select device_id, gps_time from position_insert_log order by seq`.execute(handle.db);
    const byDevice = new Map<number, number[]>();
    for (const r of log.rows) byDevice.set(r.device_id, [...(byDevice.get(r.device_id) ?? []), Number(r.gps_time)]);
    for (const t of terminals) {
      const sent = t.fixes.map((f) => f.time);
      // Once each, and in the order the terminal sent them, through the kills.
      expect({ device: t.deviceNumber, inserted: byDevice.get(deviceIds.get(t.deviceNumber)!) }).toEqual({ device: t.deviceNumber, inserted: sent });
    }

    // One power-cut warning per wired device, raised at the fix that lost power; no warning twice.
    const expected = terminals.filter((t) => wired.has(t.deviceNumber));
    const powerCuts = () => handle.db.selectFrom('warning as w').innerJoin('device as d', 'd.id', 'w.device_id').select(['d.device_number', 'w.warning_time', 'w.id', 'w.pushed'])
      .where('w.warning_type', '=', WARNING_TYPES.powerCut.code).where('w.id', '>', warningsBefore).where('w.device_id', 'in', ids).orderBy('d.device_number').execute();
    const want = expected.map((t) => ({ device_number: t.deviceNumber, warning_time: t.fixes[POWER_LOST_FROM]!.time })).sort((a, b) => a.device_number.localeCompare(b.device_number));
    await expect.poll(async () => (await powerCuts()).map(({ device_number, warning_time }) => ({ device_number, warning_time })), { timeout: 60_000, interval: 500 }).toEqual(want);
    const twice = await handle.db.selectFrom('warning').select(['device_id', 'warning_type', 'place_key']).where('id', '>', warningsBefore)
      .groupBy(['device_id', 'warning_type', 'place_key']).having((e) => e.fn.countAll(), '>', 1).execute();
    expect(twice).toEqual([]);

    // A warning whose fix went through gateway A reached the live stream of API process B.
    const viaA = new Set((await powerCuts()).filter((w) => w.pushed && terminals.find((t) => t.deviceNumber === w.device_number)!.ackedVia[POWER_LOST_FROM] === 0).map((w) => w.id));
    expect(viaA.size).toBeGreaterThan(0);
    const liveWarnings = () => liveB.text.split('\n\n').filter((b) => b.startsWith('event: warning\n')).map((b) => (JSON.parse(b.slice(b.indexOf('data: ') + 6)) as WarningEvent).id);
    await expect.poll(() => liveWarnings().some((id) => viaA.has(id)), { timeout: 30_000 }).toBe(true);
    await liveB.stop();

    // A command given to API process A reaches a terminal that is now on gateway B, and its answer comes back.
    const target = terminals[0]!;
    expect(target.gateway).toBe(1);
    const received: string[] = [];
    target.onCommand = (vt, m, serial) => {
      received.push(m.kind);
      vt.answer(serial, m, target.fixes.at(-1)!);
    };
    expect((await apiA.call(tokenA, 'POST', '/api/device/eqCommand', { deviceNumber: target.deviceNumber, command: 'positionQuery' })).code).toBe(200);
    const states = async () => ((await apiA.call(tokenA, 'GET', `/api/device/eqCommandList?deviceNumber=${target.deviceNumber}`)).result as { state: string }[]).map((c) => c.state);
    await expect.poll(states, { timeout: 30_000 }).toEqual(['answered']);
    expect(received).toEqual(['location-query']);
  }, 300_000);
});
