import { pino } from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo/seed-demo.js';
import { createJt808Gateway } from './telemetry/gateway/gateway.js';
import { createTelemetry } from './telemetry/telemetry.js';

async function isEmpty(db: Db): Promise<boolean> {
  return (await db.selectFrom('dept').select('id').limit(1).execute()).length === 0;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const handle = openDatabase(config);
  const where = handle.kind === 'sqlite' ? config.sqliteFile : 'PostgreSQL';
  console.log(`cvrisk: database ${where}, migrating…`);
  await migrateToLatest(handle.db);

  if (config.demoData && (await isEmpty(handle.db))) {
    console.log('cvrisk: empty database, loading the demo dataset…');
    let last = '';
    await seedDemo(handle.db, {
      onProgress: (step, done, total) => {
        const line = `  demo ${step}: ${done}/${total}`;
        if (line !== last) console.log(line);
        last = line;
      },
    });
  }

  const telemetry = createTelemetry(handle);
  const app = await buildApp({ db: handle.db, telemetry, config, logger });
  await app.listen({ port: config.port, host: config.host });
  const gateway = createJt808Gateway({
    port: config.jt808Port, host: config.host, db: handle.db, pipeline: telemetry.pipeline, commands: telemetry.commands,
    autoRegister: config.jt808AutoRegister, idleTimeoutMs: config.jt808IdleMs, log: logger,
  });
  const jt808Port = await gateway.listen();
  telemetry.channel = gateway.channel;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  console.log(`\ncvrisk console: http://${shown}:${config.port}/`);
  console.log(`JT/T 808 gateway: ${shown}:${jt808Port}`);
  console.log(`demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.username).join(', ')}`);
  console.log('Ctrl-C stops the server.\n');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`cvrisk: ${signal}, stopping…`);
    await gateway.close();
    await app.close();
    await telemetry.pipeline.drain();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('cvrisk failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
