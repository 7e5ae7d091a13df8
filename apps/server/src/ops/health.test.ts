import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATION_TABLE, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectBroker } from '../broker/nats-connection.js';
import { MIGRATION_NAMES, migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database.js';
import { failed, OK, createHealth } from './health.js';
import { partitionsCheck } from './health-checks.js';
import { createOps } from './ops.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-health-'));
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** One migrated SQLite database for the tests that need the schema. */
let migrated: Promise<DatabaseHandle> | null = null;
function migratedDatabase(): Promise<DatabaseHandle> {
  migrated ??= (async () => {
    const handle = openDatabase({ sqliteFile: path.join(dir, 'migrated.db') });
    closing.push(() => handle.close());
    await migrateToLatest(handle.db);
    return handle;
  })();
  return migrated;
}

/** An operations port on `handle`'s database, as a process of `role` starts it. */
async function probe(handle: DatabaseHandle, role: 'api' | 'worker' | null = null) {
  const ops = createOps({ host: '127.0.0.1', metricsPort: 0 }, role, handle.db);
  const url = `http://127.0.0.1:${await ops.listen()}`;
  closing.push(() => ops.close());
  const get = async (p: string) => {
    const res = await fetch(url + p);
    return { status: res.status, body: (await res.json()) as unknown };
  };
  return { ops, get };
}

describe('readiness', () => {
  it('is 503 naming the database while it cannot be reached; the process is alive all the same', async () => {
    // Port 1 on loopback refuses at once: no PostgreSQL is needed.
    const handle = openDatabase({ databaseUrl: 'postgres://cvrisk@127.0.0.1:1/cvrisk', sqliteFile: '' });
    closing.push(() => handle.close());
    const { get } = await probe(handle, 'worker');
    expect(await get('/readyz')).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'unreachable', migrations: 'unknown', nats: 'starting', partitions: 'starting' } },
    });
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('is 503 naming the migrations until every one this build knows is applied', async () => {
    const handle = openDatabase({ sqliteFile: path.join(dir, 'fresh.db') });
    closing.push(() => handle.close());
    const { get } = await probe(handle);
    const all = MIGRATION_NAMES.length;
    expect(await get('/readyz')).toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'ok', migrations: `0 of ${all} applied` } } });
    // The migrator's bookkeeping as an older build left it: all but the newest.
    await sql`create table ${sql.table(DEFAULT_MIGRATION_TABLE)} (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(handle.db);
    const mark = (names: readonly string[]) => sql`insert into ${sql.table(DEFAULT_MIGRATION_TABLE)} (name, timestamp) values ${sql.join(names.map((n) => sql`(${n}, '')`))}`.execute(handle.db);
    await mark(MIGRATION_NAMES.slice(0, -1));
    expect((await get('/readyz')).body).toMatchObject({ checks: { migrations: `${all - 1} of ${all} applied` } });
    await mark(MIGRATION_NAMES.slice(-1));
    expect(await get('/readyz')).toEqual({ status: 200, body: { status: 'ok', checks: { database: 'ok', migrations: 'ok' } } });
  });

  it('counts a check that does not answer in time as failed, and answers a flood of probes with one run of the checks', async () => {
    const health = createHealth({ timeoutMs: 20 });
    let runs = 0;
    health.add('counted', () => {
      runs += 1;
      return OK;
    });
    health.add('stuck', () => new Promise(() => {}));
    const answers = await Promise.all(Array.from({ length: 5 }, () => health.check()));
    expect(runs).toBe(1);
    expect(answers[4]).toEqual({ ready: false, checks: { counted: OK, stuck: failed('no answer within 20 ms') } });
  });

  it('holds a worker ready while it holds a partition or every partition is held, and not while one is free and it holds none', async () => {
    const handle = await migratedDatabase();
    const t = Date.now();
    await handle.db.insertInto('broker_partition').values([0, 1, 2].map((partition) => ({ partition, owner: null }))).execute();
    const hold = (partition: number, owner: string | null, leaseUntil = t + 10_000) =>
      handle.db.updateTable('broker_partition').set({ owner, lease_until: leaseUntil }).where('partition', '=', partition).execute();
    const check = (owner: string) => partitionsCheck(handle.db, { owner, partitions: 3, now: () => t })();
    await hold(0, 'w1');
    await hold(1, 'w2');
    expect(await check('w1')).toEqual({ ok: true, detail: '1 held here, 2/3 held' });
    expect(await check('w3')).toEqual(failed('0 held here, 2/3 held'));
    await hold(2, 'w2');
    // A worker beyond the partition count stands by.
    expect(await check('w3')).toEqual({ ok: true, detail: '0 held here, 3/3 held' });
    // A lease run out is not held, also not by the worker that still believes it holds it.
    await hold(0, 'w1', t - 1);
    expect(await check('w1')).toEqual(failed('0 held here, 2/3 held'));
  });

  it.skipIf(!process.env.TEST_NATS_URL)('is 503 naming NATS while its connection is down, ready again once nats.js has reconnected, and 503 once it is closed', async () => {
    const target = new URL(process.env.TEST_NATS_URL!);
    const links = new Set<net.Socket>();
    // A link between the client and NATS that the test can cut, as a network outage or a NATS restart does.
    const relay = () => net.createServer((client) => {
      const server = net.connect(Number(target.port || 4222), target.hostname);
      for (const s of [client, server]) {
        links.add(s);
        s.on('error', () => undefined);
        s.on('close', () => {
          client.destroy();
          server.destroy();
        });
      }
      client.pipe(server).pipe(client);
    });
    const listen = (r: net.Server, port: number) => new Promise<number>((resolve) => r.listen(port, '127.0.0.1', () => resolve((r.address() as net.AddressInfo).port)));
    let proxy = relay();
    const port = await listen(proxy, 0);
    const broker = await connectBroker(`nats://127.0.0.1:${port}`, 'health-test');
    closing.push(async () => {
      await broker.close();
      proxy.close();
    });
    const { ops, get } = await probe(await migratedDatabase(), 'api');
    ops.watchBroker(broker.nc);
    const ready = { status: 200, body: { status: 'ok', checks: { database: 'ok', migrations: 'ok', nats: 'ok' } } };
    const unavailable = (nats: string) => ({ status: 503, body: { status: 'unavailable', checks: { database: 'ok', migrations: 'ok', nats } } });
    expect(await get('/readyz')).toEqual(ready);

    const disconnected = (async () => {
      for await (const status of broker.nc.status()) if (status.type === 'disconnect') return;
    })();
    proxy.close();
    for (const s of links) s.destroy();
    await disconnected;
    expect(await get('/readyz')).toEqual(unavailable('disconnected'));
    // nats.js reconnects by itself (connectBroker: every second, forever); the check reads the live state.
    proxy = relay();
    await listen(proxy, port);
    await expect.poll(() => get('/readyz'), { timeout: 5000 }).toEqual(ready);

    await broker.nc.close();
    expect(await get('/readyz')).toEqual(unavailable('closed'));
  });
});
