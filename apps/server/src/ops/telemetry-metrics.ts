import { WARNING_TYPE_BY_CODE, type WarningTypeCode } from '@cvrisk/contracts';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Engine } from '../engine/engine.js';
import type { PositionWorker } from '../scale/position-worker.js';
import type { Jt808Gateway } from '../telemetry/gateway/gateway.js';
import type { PositionPipeline } from '../telemetry/pipeline/position-pipeline.js';
import { LATENCY_BUCKETS } from './metrics.js';

/*
 * Counters and gauges are read at scrape time from what the parts count anyway (collect callbacks),
 * so the ingest path does no work for them; only the two latency histograms observe as they happen.
 */

/** A lag count from NATS must not hold the scrape when NATS does not answer. */
const LAG_TIMEOUT_MS = 2000;

export function gatewayMetrics(registry: Registry, gateway: Jt808Gateway): void {
  const { stats } = gateway;
  new Counter({
    name: 'cvrisk_positions_received_total',
    help: 'Positions in location messages as they arrive, before they are checked or stored.',
    labelNames: ['source'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ source: 'jt808' }, stats.receivedPositions);
    },
  });
  new Gauge({ name: 'cvrisk_terminal_connections', help: 'Open JT/T 808 connections, authenticated or not.', registers: [registry], collect() {
    this.set(stats.connections);
  } });
  new Gauge({ name: 'cvrisk_terminals_authenticated', help: 'Terminals connected and authenticated.', registers: [registry], collect() {
    this.set(stats.authenticated);
  } });
  const acks = new Histogram({
    name: 'cvrisk_ack_latency_seconds',
    help: 'From a location message received to its acknowledgement written, which waits for the positions to be stored (or, in scale mode, kept by the stream).',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  gateway.observeAcks((seconds) => acks.observe(seconds));
}

export function pipelineMetrics(registry: Registry, pipeline: PositionPipeline): void {
  new Counter({ name: 'cvrisk_positions_stored_total', help: 'Positions written to the database (not counting ones already there).', registers: [registry], collect() {
    this.reset();
    this.inc(pipeline.stats.stored);
  } });
  new Counter({ name: 'cvrisk_pipeline_failed_commits_total', help: 'Position batches whose transaction failed (their senders send them again).', registers: [registry], collect() {
    this.reset();
    this.inc(pipeline.stats.failedBatches);
  } });
  new Gauge({ name: 'cvrisk_pipeline_queue_depth', help: 'Positions waiting for the next transaction.', registers: [registry], collect() {
    this.set(pipeline.depth());
  } });
  const commits = new Histogram({ name: 'cvrisk_pipeline_commit_seconds', help: 'Time of each position batch\'s transaction.', buckets: LATENCY_BUCKETS, registers: [registry] });
  pipeline.observeCommits((seconds) => commits.observe(seconds));
}

export function engineMetrics(registry: Registry, engine: Pick<Engine, 'raisedByType'>): void {
  new Counter({
    name: 'cvrisk_warnings_raised_total',
    help: 'Warnings the risk engine of this process raised, by type.',
    labelNames: ['type'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [code, n] of engine.raisedByType) this.inc({ type: WARNING_TYPE_BY_CODE[code as WarningTypeCode]?.key ?? String(code) }, n);
    },
  });
}

export function workerMetrics(registry: Registry, worker: Pick<PositionWorker, 'lag' | 'owned'>): void {
  new Gauge({ name: 'cvrisk_partitions_held', help: 'Position stream partitions this worker holds.', registers: [registry], collect() {
    this.set(worker.owned().length);
  } });
  new Gauge({
    name: 'cvrisk_consumer_lag',
    help: 'Messages of a partition held here that are in the stream and not yet stored. A partition whose count NATS did not give is left out.',
    labelNames: ['partition'],
    registers: [registry],
    async collect() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<Map<number, number>>((resolve) => {
        timer = setTimeout(() => resolve(new Map()), LAG_TIMEOUT_MS);
      });
      const lag = await Promise.race([worker.lag(), late]).finally(() => clearTimeout(timer));
      this.reset();
      for (const [partition, n] of lag) this.set({ partition }, n);
    },
  });
}
