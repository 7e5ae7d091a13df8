import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectBroker } from '../broker/nats-connection.js';
import { loadConfig } from '../config.js';
import { initialPasswordFile } from '../setup/initial-password-file.js';
import { playFirstHour } from '../test/first-hour.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { createEmptySchema, dropSchema, urlWithSchema } from '../test/test-database.js';
import { startApiRole } from './api-role.js';
import { startGatewayRole } from './gateway-role.js';
import { scaleNames } from './scale-setup.js';
import { startWorkerRole } from './worker-role.js';

/**
 * Issue 29's first hour in scale mode: an API process, a gateway and a worker started together on an
 * empty PostgreSQL schema (no `ROLE=all` step: they migrate it, the API process sets the platform up),
 * then the same path as on SQLite; and every role's /readyz follows NATS going away and coming back.
 * NATS is the machine's, reached through a relay this test can cut, so other tests keep theirs.
 */
describe.skipIf(!process.env.TEST_NATS_URL || !process.env.TEST_DATABASE_URL)('the first hour of a scale-mode deployment on an empty database', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const prefix = `t${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-first-hour-scale-'));
  let schema = '';
  let nats: TcpProxy;
  let roles: [Awaited<ReturnType<typeof startApiRole>>, Awaited<ReturnType<typeof startGatewayRole>>, Awaited<ReturnType<typeof startWorkerRole>>];

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    schema = await createEmptySchema(url);
    const target = new URL(process.env.TEST_NATS_URL!);
    nats = await startTcpProxy({ host: target.hostname, port: Number(target.port || 4222) });
    const config = (role: string) => loadConfig({
      ROLE: role, DATABASE_URL: urlWithSchema(url, schema), NATS_URL: `nats://127.0.0.1:${nats.port}`, NATS_PREFIX: prefix, NATS_PARTITIONS: '2',
      WORKER_LEASE_SECONDS: '2', PORT: '0', JT808_PORT: '0', METRICS_PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: '0',
    });
    const logger = pino({ level: process.env.ROLES_TEST_LOG ?? 'silent' });
    roles = await Promise.all([startApiRole(config('api'), logger), startGatewayRole(config('gateway'), logger), startWorkerRole(config('worker'), logger)]);
  });
  afterAll(async () => {
    await Promise.allSettled((roles ?? []).map((r) => r.stop()));
    await nats?.close();
    const broker = await connectBroker(process.env.TEST_NATS_URL!, `cleanup-${prefix}`);
    await broker.jsm.streams.delete(scaleNames(prefix).positions.stream).catch(() => undefined);
    await broker.close();
    if (schema) await dropSchema(url, schema);
    vi.restoreAllMocks();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const readiness = (port: number | null) => fetch(`http://127.0.0.1:${port}/readyz`).then(async (r) => ({ status: r.status, nats: ((await r.json()) as { checks: { nats: string } }).checks.nats }));

  it('goes live through the API with the password the API process printed', async () => {
    const [api, gateway, worker] = roles;
    await expect.poll(() => worker.owned().length, { timeout: 10_000 }).toBe(2);
    const password = /^password: (\S+)$/m.exec(fs.readFileSync(initialPasswordFile(dataDir), 'utf8'))![1]!;
    const address = api.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    await playFirstHour(`http://127.0.0.1:${address.port}`, gateway.jt808Port, password);
  });

  it('answers 503 on /readyz of every role while NATS is away, and 200 once it is back', async () => {
    const ports = roles.map((r) => r.ops.port());
    await nats.cut();
    for (const port of ports) await expect.poll(() => readiness(port), { timeout: 10_000 }).toMatchObject({ status: 503, nats: expect.not.stringMatching(/^ok$/) });
    await nats.restore();
    for (const port of ports) await expect.poll(() => readiness(port), { timeout: 15_000 }).toEqual({ status: 200, nats: 'ok' });
  });
});
