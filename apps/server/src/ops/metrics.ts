import { collectDefaultMetrics, Gauge, Registry, type Metric } from 'prom-client';
import type { Health } from './health.js';

/** Seconds: from a millisecond (an acknowledgement, a small commit) to ten (something is wrong). */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | null = null;

/**
 * Node's own figures (event-loop lag, heap, garbage collection, CPU, open files) belong to the
 * process, and prom-client watches the event loop and the collector for them with monitors that
 * cannot be stopped: made once per process and shared by each role's registry, so a test process
 * that starts many roles does not pile up monitors.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The registry of one running role: never prom-client's global one, where several roles started in
 * one process (the scale-mode tests) would collide on every name. It holds the process's figures
 * and the role's readiness, and the role's parts add theirs (telemetry-metrics.ts, http-metrics.ts).
 */
export function createRegistry(health: Health): Registry {
  const registry = new Registry();
  // Typed as the plain objects they print, they are the metric objects themselves.
  for (const metric of processMetrics().getMetricsAsArray()) registry.registerMetric(metric as unknown as Metric);
  new Gauge({
    name: 'cvrisk_ready',
    help: 'Readiness checks of this process as /readyz runs them: 1 passing, 0 failing.',
    labelNames: ['check'],
    registers: [registry],
    async collect() {
      const r = await health.check();
      this.reset();
      for (const [check, result] of Object.entries(r.checks)) this.set({ check }, result.ok ? 1 : 0);
    },
  });
  return registry;
}
