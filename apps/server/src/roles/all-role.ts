import { WARNING_TYPE_CODES, warningTypeName } from '@cvrisk/contracts';
import type { Logger } from 'pino';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { migrateToLatest, openDatabase, schemaInUrl, type Db } from '../db/database.js';
import { startPartitionJob } from '../db/position-partitions.js';
import { startWalCheckpointer } from '../db/wal-checkpointer.js';
import { loadDemoHistory, startDemoFleet, type DemoFleet } from '../demo/demo-fleet.js';
import { handleDemoWarnings } from '../demo/demo-handling.js';
import { seedDemoRecovery } from '../demo/demo-recovery.js';
import { seedDemoOrders } from '../demo/demo-orders.js';
import { registerFittedDemoDevices } from '../demo/demo-terminals.js';
import { DEFAULT_DEMO_SEED, DEMO_ACCOUNTS, DEMO_PASSWORD, demoLoaded, seedDemo } from '../demo/seed-demo.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { reverseGeocode } from '../geo/gazetteer.js';
import { setUpPlatformIfEmpty } from '../setup/initial-admin.js';
import { createOps } from '../ops/ops.js';
import { createJt808Gateway } from '../telemetry/gateway/gateway.js';
import { createTelemetry } from '../telemetry/telemetry.js';

async function isEmpty(db: Db): Promise<boolean> {
  return (await db.selectFrom('dept').select('id').limit(1).execute()).length === 0;
}

/** Prints a progress line each time another tenth of the work is done. */
function tenths(label: string) {
  let shown = -1;
  return (done: number, total: number, extra = '') => {
    const tenth = total ? Math.floor((done / total) * 10) : 10;
    if (tenth === shown) return;
    shown = tenth;
    console.log(`  ${label}: ${done}/${total}${extra}`);
  };
}

/** `N warnings (离线预警 3, …)`: what the engine holds, by type, for the start-up banner. */
async function warningSummary(engine: Engine): Promise<string> {
  const counts = await engine.countByType();
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const parts = WARNING_TYPE_CODES.filter((c) => counts.has(c)).map((c) => `${warningTypeName(c)} ${counts.get(c)}`);
  return `${total.toLocaleString('en-US')} warnings${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

/**
 * `ROLE=all` (the default): one process serves the console and the API, holds the JT/T 808 gateway,
 * runs the pipeline and the risk engine on SQLite (or PostgreSQL), and on a first demo start loads
 * the demo dataset and its history through the product's own pipeline.
 */
export async function startAllRole(config: Config, logger: Logger): Promise<{ url: string; jt808Port: number; stop(): Promise<void> }> {
  const started = Date.now();
  const handle = openDatabase(config);
  const where = handle.kind === 'sqlite' ? config.sqliteFile : 'PostgreSQL';
  console.log(`cvrisk: database ${where}, migrating…`);
  // The operations port (METRICS_PORT) answers from here on: /readyz says what is still starting.
  const checkpointer = handle.sqlite ? startWalCheckpointer(handle.sqlite, config.sqliteFile, logger) : null;
  const ops = createOps(config, 'all', handle.db);
  await ops.listen();
  await migrateToLatest(handle.db, schemaInUrl(config.databaseUrl));
  // PostgreSQL keeps positions by day: the days ahead get their partitions before any fix of theirs arrives.
  const stopPartitions = handle.kind === 'postgres' ? startPartitionJob(handle.db, (err) => logger.error({ err }, 'making the position partitions ahead failed')) : () => {};
  const telemetry = createTelemetry(handle, Date.now, { deriveEveryMs: config.deriveEveryMs, checkpointer: checkpointer ?? undefined });
  // The engine follows the pipeline from the first position on, the demo history included; what was
  // stored while it was down is judged before anything new arrives.
  const engine = createEngine({ db: handle.db, telemetry, rejudgeDays: config.engineRejudgeDays, onError: (err) => logger.error({ err }, 'risk engine failed') });
  ops.watchPipeline(telemetry.pipeline);
  ops.watchEngine(engine);
  await engine.idle();

  const firstDemoStart = config.demoData && (await isEmpty(handle.db));
  if (!config.demoData) await setUpPlatformIfEmpty(handle.db, config.dataDir);
  if (firstDemoStart) {
    console.log('cvrisk: empty database, loading the demo dataset…');
    const steps = new Map<string, ReturnType<typeof tenths>>();
    await seedDemo(handle.db, {
      onProgress: (step, done, total) => {
        if (!steps.has(step)) steps.set(step, tenths(`demo ${step}`));
        steps.get(step)!(done, total);
      },
    });
    if (config.demoHistoryDays > 0) {
      console.log(`cvrisk: playing ${config.demoHistoryDays} days of the demo fleet's history through the position pipeline…`);
      const report = tenths('history devices');
      const history = await loadDemoHistory(handle.db, telemetry.pipeline, config.demoHistoryDays, Date.now(), (done, total, positions) =>
        report(done, total, `, ${positions.toLocaleString('en-US')} positions`),
      );
      console.log(`  history: ${history.positions.toLocaleString('en-US')} positions from ${history.devices} devices`);
    }
  }
  // The history is judged in its own time; then the schedule starts at the clock, its first sweep
  // finding the devices silent since, so the console opens with the warnings already there.
  await engine.idle();
  await engine.start();
  telemetry.lateFixes.resume();
  telemetry.resumeDerived();
  await engine.idle();
  if (firstDemoStart && config.demoHistoryDays > 0) {
    const report = tenths('demo handling');
    const handled = await handleDemoWarnings(handle.db, Date.now(), DEFAULT_DEMO_SEED, (done, total) => report(done, total));
    console.log(`  demo operators had handled ${handled} of the older warnings`);
    const orders = await seedDemoOrders(handle.db, config.dataDir, telemetry.devicesEdited, Date.now());
    console.log(`  demo operators and installers had worked ${orders} dispatch orders`);
    const cases = await seedDemoRecovery(handle.db, Date.now());
    console.log(`  demo operators and recovery companies had worked ${cases} recovery cases`);
  }
  if (firstDemoStart) {
    const registered = await registerFittedDemoDevices(handle.db, config.dataDir, Date.now());
    console.log(`  ${registered} fitted terminals registered, each with its own code (the simulator keeps them in ${config.dataDir})`);
  }
  console.log(`cvrisk: risk engine running, ${await warningSummary(engine)}`);

  // Indexing the district outlines takes about a second: done before the console opens, not on the first address asked for.
  reverseGeocode(0, 0);
  const app = await buildApp({ db: handle.db, bulk: handle.bulk, telemetry, config, logger, ops });
  await app.listen({ port: config.port, host: config.host });
  const gateway = createJt808Gateway({
    port: config.jt808Port, host: config.host, db: handle.db, sqlite: handle.sqlite, pipeline: telemetry.pipeline, commands: telemetry.commands,
    autoRegister: config.jt808AutoRegister, registerWindowMs: config.jt808RegisterWindowMs, idleTimeoutMs: config.jt808IdleMs, limits: config.jt808Limits, log: logger,
  });
  ops.watchGateway(gateway);
  const jt808Port = await gateway.listen();
  telemetry.channel = gateway.channel;
  const local = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

  let fleet: DemoFleet | null = null;
  if (config.simulator) {
    fleet = await startDemoFleet(handle.db, {
      host: local, port: jt808Port, historyDays: Math.max(config.demoHistoryDays, 1), now: Date.now(), dataDir: config.dataDir,
      onError: (device, err) => logger.debug({ device, err: err.message }, 'simulated terminal error'),
    });
  }

  // The port it really listens on: PORT=0 picks a free one.
  const address = app.server.address();
  const port = address && typeof address !== 'string' ? address.port : config.port;
  console.log(`\ncvrisk console: http://${local}:${port}/   (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`JT/T 808 gateway: ${local}:${jt808Port}${fleet ? ' — the demo fleet is reporting live (SIMULATOR=0 turns it off)' : ''}`);
  const opsPort = ops.port();
  console.log(`health: http://${local}:${port}/healthz, /readyz${opsPort === null ? ' (METRICS_PORT adds Prometheus metrics)' : `; metrics: http://${local}:${opsPort}/metrics`}`);
  if (await demoLoaded(handle.db)) console.log(`demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')}`);
  console.log('Ctrl-C stops the server.\n');

  return {
    url: `http://${local}:${port}`,
    jt808Port,
    async stop() {
      await fleet?.stop();
      await gateway.close();
      await ops.close();
      await app.close();
      await telemetry.pipeline.drain();
      // A replay cut short is rolled back and stays marked: the next start does it.
      telemetry.lateFixes.stop();
      await engine.stop();
      stopPartitions();
      await checkpointer?.stop();
      await handle.close();
    },
  };
}
