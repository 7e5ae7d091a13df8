import { pino } from 'pino';
import { loadConfig } from './config.js';
import { startAllRole } from './roles/all-role.js';
import { startApiRole } from './roles/api-role.js';
import { startGatewayRole } from './roles/gateway-role.js';
import { startWorkerRole } from './roles/worker-role.js';

/** Where a scale-mode process answers /healthz, /readyz and /metrics, for its start-up lines. */
function opsLine(role: string, host: string, port: number | null): string | null {
  if (port !== null) return `health and metrics: http://${host}:${port}/healthz, /readyz, /metrics`;
  // The console's port answers the probes of an API process; a gateway or worker has no other.
  return role === 'api' ? null : 'no health or metrics port: set METRICS_PORT to probe this process';
}

/** Starts the role `ROLE` names (`all` by default) and stops it cleanly on SIGINT or SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  let running: { stop(): Promise<void> };
  if (config.role === 'all') {
    running = await startAllRole(config, logger);
  } else {
    const started = Date.now();
    const where = `PostgreSQL, NATS ${config.natsUrl} (${config.natsPartitions} partitions)`;
    let scale: { stop(): Promise<void>; ops: { port(): number | null } };
    if (config.role === 'gateway') {
      const g = await startGatewayRole(config, logger);
      console.log(`cvrisk gateway ${g.name}: JT/T 808 on ${config.host}:${g.jt808Port}, positions to ${where}`);
      scale = g;
    } else if (config.role === 'worker') {
      const w = await startWorkerRole(config, logger);
      console.log(`cvrisk worker ${w.name}: positions and the risk engine from ${where}`);
      scale = w;
    } else {
      const a = await startApiRole(config, logger);
      // The port it really listens on: PORT=0 picks a free one.
      const address = a.app.server.address();
      const port = address && typeof address !== 'string' ? address.port : config.port;
      console.log(`cvrisk api ${a.name}: console and API on http://${config.host}:${port}/, ${where}`);
      scale = a;
    }
    running = scale;
    const ops = opsLine(config.role, config.host, scale.ops.port());
    if (ops) console.log(ops);
    console.log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops it.`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`cvrisk: ${signal}, stopping…`);
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('cvrisk failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
