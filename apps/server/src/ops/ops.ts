import type { NatsConnection } from 'nats';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Engine } from '../engine/engine.js';
import type { PositionWorker } from '../scale/position-worker.js';
import type { Jt808Gateway } from '../telemetry/gateway/gateway.js';
import type { PositionPipeline } from '../telemetry/pipeline/position-pipeline.js';
import { databaseCheck, listeningCheck, migrationsCheck, natsCheck, partitionsCheck, starting } from './health-checks.js';
import { createHealth } from './health.js';
import { createRegistry } from './metrics.js';
import { startOpsServer, type OpsServer } from './ops-server.js';
import { engineMetrics, gatewayMetrics, pipelineMetrics, workerMetrics } from './telemetry-metrics.js';

type Role = Config['role'];

/** Beyond its database, what each role must have running to be ready: `starting` until the role hands it over. */
const PARTS: Record<Role, readonly string[]> = {
  all: ['jt808'],
  api: ['nats'],
  gateway: ['nats', 'jt808'],
  worker: ['nats', 'partitions'],
};

/**
 * Health and metrics of one running role. The role hands over its parts as it starts them
 * (`watch…`): each adds its readiness check and, with METRICS_PORT set, its metrics. Without
 * METRICS_PORT nothing is measured: no registry, no timing on the ingest path. `role` null: an app
 * built on its own (the API tests), ready when its database is.
 */
export function createOps(config: Pick<Config, 'host' | 'metricsPort'>, role: Role | null, db?: Db) {
  const health = createHealth();
  const registry = config.metricsPort === null ? null : createRegistry(health);
  for (const part of ['database', 'migrations', ...(role ? PARTS[role] : [])]) health.add(part, starting);
  let server: OpsServer | null = null;

  const ops = {
    health,
    /** This role's metrics; null when METRICS_PORT is unset. */
    registry,
    watchDatabase(database: Db): void {
      health.add('database', databaseCheck(database));
      health.add('migrations', migrationsCheck(database));
    },
    watchBroker(nc: NatsConnection): void {
      health.add('nats', natsCheck(nc));
    },
    watchGateway(gateway: Jt808Gateway): void {
      health.add('jt808', listeningCheck(gateway.listening));
      if (registry) gatewayMetrics(registry, gateway);
    },
    watchPipeline(pipeline: PositionPipeline): void {
      if (registry) pipelineMetrics(registry, pipeline);
    },
    watchEngine(engine: Pick<Engine, 'raisedByType'>): void {
      if (registry) engineMetrics(registry, engine);
    },
    /** `leases`: where the worker's partitions are held, and under which name. */
    watchWorker(worker: Pick<PositionWorker, 'lag' | 'owned'>, leases: { db: Db; owner: string; partitions: number }): void {
      health.add('partitions', partitionsCheck(leases.db, leases));
      if (registry) workerMetrics(registry, worker);
    },
    /** Serves /metrics, /healthz and /readyz on METRICS_PORT, on HOST; answers the port taken, or null when off. */
    async listen(): Promise<number | null> {
      if (config.metricsPort === null || !registry) return null;
      server ??= await startOpsServer({ host: config.host, port: config.metricsPort, health, registry });
      return server.port;
    },
    /** The operations port, once listening. */
    port: (): number | null => server?.port ?? null,
    async close(): Promise<void> {
      await server?.close();
      server = null;
    },
  };
  if (db) ops.watchDatabase(db);
  return ops;
}

export type Ops = ReturnType<typeof createOps>;
