import { RSA_PLAIN_CHUNK, type PublicKeyData } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed-demo.js';
import { encryptParam } from '../lib/rsa.js';
import { DEFAULT_REGISTER_WINDOW_MS } from '../modules/device/registration-window.js';
import { createTelemetry, type Telemetry } from '../telemetry/telemetry.js';
import { openTestDatabase } from './test-database.js';

/** A fixed clock for the seed, so every test file sees the same demo rows. */
export const SEED_NOW = Date.UTC(2026, 10, 22, 2, 0, 0);

/**
 * The seed's clock is days in the past, so the registration windows it opened for its fitted and stock
 * devices have closed; the tests' terminals register now, as if just fitted.
 */
export async function reopenSeedWindows(db: Db): Promise<void> {
  await db.updateTable('device').set({ register_open_until: Date.now() + DEFAULT_REGISTER_WINDOW_MS }).where('register_open_until', 'is not', null).execute();
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  /** The database connection itself: a second telemetry on it stands for another process (scale mode). */
  handle: DatabaseHandle;
  telemetry: Telemetry;
  config: Config;
  /** Signs in a demo account (encrypting when the server asks for it) and returns its token. */
  login(username: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * The real server on a real, demo-seeded database: what the API tests drive through `inject`; `now`,
 * the sign-in and session clock; `ops`, a role's health and metrics (the ops tests).
 */
export async function createTestApp(env: Record<string, string> = {}, logger: Logger = pino({ level: 'silent' }), deps: Pick<AppDeps, 'now' | 'push' | 'ops'> = {}): Promise<TestApp> {
  const handle = await openTestDatabase();
  await seedDemo(handle.db, { now: SEED_NOW });
  await reopenSeedWindows(handle.db);
  const config = loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', ...env });
  const telemetry = createTelemetry(handle);
  const app = await buildApp({ db: handle.db, bulk: handle.bulk, telemetry, config, logger, loginSlowDownMs: 0, ...deps });
  await app.ready();
  return {
    app,
    db: handle.db,
    handle,
    telemetry,
    config,
    async login(username) {
      const credentials = { username, password: DEMO_PASSWORD };
      const key = (await app.inject({ method: 'POST', url: '/publicKey' })).json().data as PublicKeyData;
      const payload = key.encrypt === 'off' ? credentials : { param: encryptParam(key.publicKey, credentials, RSA_PLAIN_CHUNK) };
      const res = await app.inject({ method: 'POST', url: '/api/login', payload });
      const body = res.json();
      if (!body.data?.accessToken) throw new Error(`login ${username} failed: ${res.body}`);
      return body.data.accessToken as string;
    },
    async close() {
      await app.close();
      await telemetry.pipeline.drain();
      telemetry.lateFixes.stop();
      await handle.close();
    },
  };
}
