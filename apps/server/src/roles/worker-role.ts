import type { Logger } from 'pino';
import { createEventBus } from '../broker/event-bus.js';
import { createPartitionLeases } from '../broker/partition-leases.js';
import { partitionOf } from '../broker/position-stream.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { startPartitionJob } from '../db/position-partitions.js';
import { createEngine } from '../engine/engine.js';
import { forgetEditsFromBus } from '../scale/device-edits-relay.js';
import { relayToBus } from '../scale/live-relay.js';
import { commitOffsetsTo, startPositionWorker } from '../scale/position-worker.js';
import { createTelemetry } from '../telemetry/telemetry.js';
import { openScaleSetup } from './scale-setup.js';

/**
 * `ROLE=worker`: the position stream's partitions it holds go through its pipeline (positions,
 * derived data) and its risk engine, which judges only those devices; what changed and what was
 * raised goes to the API processes. Its state is in the database: when it dies, the others take its
 * partitions over from the committed offsets and the engine's saved memories.
 */
export async function startWorkerRole(config: Config, logger: Logger, handle?: DatabaseHandle) {
  const setup = await openScaleSetup(config, 'worker', logger, handle);
  const partitions = config.natsPartitions;
  const leases = createPartitionLeases(setup.handle.db, { owner: setup.name, partitions, leaseMs: config.workerLeaseMs });
  let owned = new Set<number>();
  const owns = (deviceNumber: string) => owned.has(partitionOf(deviceNumber, partitions));
  const telemetry = createTelemetry(setup.handle, Date.now, { commitOffsets: commitOffsetsTo(leases), owns, deriveEveryMs: config.deriveEveryMs });
  // Positions are kept by day: any worker may make the days ahead (creating one twice is harmless).
  const stopPartitions = startPartitionJob(setup.handle.db, (err) => logger.error({ err }, 'making the position partitions ahead failed'));
  const engine = createEngine({ db: setup.handle.db, telemetry, rejudgeDays: config.engineRejudgeDays, owns, onError: (err) => logger.error({ err }, 'risk engine failed') });
  await engine.start();
  setup.ops.watchPipeline(telemetry.pipeline);
  setup.ops.watchEngine(engine);
  const bus = createEventBus(setup.broker.nc, { subjectPrefix: setup.names.events });
  const stopRelay = relayToBus(telemetry, bus);
  const stopEdits = forgetEditsFromBus(bus, telemetry.devices, (kind) => logger.warn({ kind }, 'ignored a malformed event from the broker'));
  const worker = await startPositionWorker({
    js: setup.broker.js, names: setup.names.positions, leases, pipeline: telemetry.pipeline, devices: telemetry.devices, partitions, leaseMs: config.workerLeaseMs, log: logger,
    // Queued on the engine in this order, behind what it is evaluating: lost devices' memories are saved
    // for their new judge, then new ones are caught up before any batch of theirs is evaluated. The lease
    // round does not wait for them: behind a busy engine it would renew its leases too late and lose them.
    onPartitionsChanged: (now, acquired, lost) => {
      owned = new Set(now);
      const failed = (err: unknown) => logger.error({ err, acquired, lost }, 'handing devices over in the risk engine failed');
      if (lost.length) engine.release().catch(failed);
      if (acquired.length) {
        engine.adopt().catch(failed);
        telemetry.lateFixes.resume();
        telemetry.resumeDerived();
      }
    },
  });
  setup.ops.watchWorker(worker, { db: setup.handle.db, owner: setup.name, partitions });
  return {
    name: setup.name,
    telemetry,
    engine,
    ops: setup.ops,
    owned: () => worker.owned(),
    async stop() {
      await worker.stop();
      telemetry.lateFixes.stop();
      await engine.stop();
      stopRelay();
      stopEdits();
      stopPartitions();
      await setup.close();
    },
  };
}
