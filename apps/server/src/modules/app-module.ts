import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { RsaKeys } from '../lib/rsa.js';
import type { PushWorkerOptions } from './push/push-worker.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import type { SharedServices } from './shared-services.js';

/** What every module is given: the stores, the telemetry, the settings and the services several modules share. */
export type AppContext = {
  db: Db;
  /** Long reads (exports). */
  bulk: Db;
  telemetry: Telemetry;
  config: Config;
  keys: RsaKeys | null;
  shared: SharedServices;
  /** The webhook worker's clock, resolver and back-off; tests make them fast and local. */
  push?: PushWorkerOptions;
};

/**
 * A server module registers itself: it builds its repositories and services from the context and
 * registers its declared calls. The list of modules, in order, is modules/modules.ts.
 */
export type AppModule = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;
