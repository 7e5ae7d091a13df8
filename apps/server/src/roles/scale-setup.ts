import os from 'node:os';
import type { Logger } from 'pino';
import { ensurePositionStream, type StreamNames } from '../broker/position-stream.js';
import { connectBroker, type Broker } from '../broker/nats-connection.js';
import type { Config } from '../config.js';
import { migrateToLatest, openDatabase, schemaInUrl, type DatabaseHandle } from '../db/database.js';
import { createOps, type Ops } from '../ops/ops.js';

/**
 * What every process of scale mode opens: the shared database (migrated; the migrator's lock lets
 * several start at once), the broker, and its health and metrics (the operations port, when
 * METRICS_PORT is set, answers from before the migrations on).
 */
export type ScaleSetup = { handle: DatabaseHandle; broker: Broker; ops: Ops; name: string; names: ScaleNames; close(): Promise<void> };

/** The stream and subjects of this platform on its NATS, from NATS_PREFIX. */
export type ScaleNames = { positions: Required<StreamNames>; events: string; commands: string };

export function scaleNames(prefix: string): ScaleNames {
  return {
    positions: { stream: `${prefix.toUpperCase()}_POSITIONS`, subjectPrefix: `${prefix}.pos` },
    events: `${prefix}.events`,
    commands: `${prefix}.cmd.deliver`,
  };
}

/**
 * `handle`: a database already open and migrated (tests run several roles in one process on one
 * test schema); otherwise the one DATABASE_URL names.
 */
export async function openScaleSetup(config: Config, role: 'gateway' | 'worker' | 'api', logger: Logger, handle?: DatabaseHandle): Promise<ScaleSetup> {
  const own = !handle;
  const db = handle ?? openDatabase(config);
  const ops = createOps(config, role, db.db);
  await ops.listen();
  if (own) await migrateToLatest(db.db, schemaInUrl(config.databaseUrl));
  // The name shows in NATS monitoring and in the partition leases: which process holds what.
  const name = `${role}-${os.hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
  const broker = await connectBroker(config.natsUrl!, name, logger);
  ops.watchBroker(broker.nc);
  const names = scaleNames(config.natsPrefix);
  await ensurePositionStream(broker.jsm, { partitions: config.natsPartitions, replicas: config.natsReplicas, ...names.positions });
  return {
    handle: db, broker, ops, name, names,
    async close() {
      await ops.close();
      await broker.close();
      if (own) await db.close();
    },
  };
}
