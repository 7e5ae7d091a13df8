import type { WarningEvent } from '@cvrisk/contracts';
import type { DatabaseHandle } from '../db/database.js';
import { createLateFixQueue } from './derive/late-fix-queue.js';
import { createCommandStore, noChannel, type CommandChannel } from './commands/command-store.js';
import { createAlarmMappingCache } from './pipeline/alarm-mapping-cache.js';
import { createTelemetryStore } from './pipeline/create-store.js';
import type { BatchWrite } from './pipeline/batch.js';
import { createDeviceCache } from './pipeline/device-cache.js';
import { createPositionPipeline, type PositionSink } from './pipeline/position-pipeline.js';
import type { TelemetryStoreOptions } from './pipeline/telemetry-store.js';

/** Told of each batch after it is committed; it runs inside the pipeline's flush, so it must be quick and must not throw. */
export type CommitListener = (batch: BatchWrite) => void;
/** Told of each warning the engine raises to be pushed, once it is stored. */
export type WarningListener = (warning: WarningEvent) => void;
/** Told of devices whose latest state changed (their newest fix advanced). */
export type DevicesListener = (deviceIds: number[]) => void;
/** Told of devices whose identity changed (car, department, created or deleted), by number. */
export type EditsListener = (deviceNumbers: string[]) => void;

/**
 * The pieces every position source shares: one device cache, one pipeline, the command store, and
 * the channel commands leave by (the JT/T 808 gateway plugs itself in when it starts). A scale-mode
 * worker passes `commitOffsets`, so each batch commits its stream offsets with its positions, and
 * `owns`, so it replays late fixes only of the devices it derives.
 */
export function createTelemetry(
  handle: DatabaseHandle, now: () => number = Date.now,
  options: TelemetryStoreOptions & { owns?: (deviceNumber: string) => boolean; deriveEveryMs?: number } = {},
) {
  const { owns, deriveEveryMs, ...storeOptions } = options;
  const devices = createDeviceCache(handle.db, now);
  const listeners = new Set<CommitListener>();
  const lateFixes = createLateFixQueue({
    db: handle.db, pipeline: () => pipeline, devices, owns,
    // The device stays marked and is replayed after the next late batch or restart.
    onError: (err) => console.error('cvrisk: replaying a device with late fixes failed:', err instanceof Error ? err.message : err),
  });
  const devicesListeners = new Set<DevicesListener>();
  const devicesChanged = (ids: number[]) => {
    for (const listener of devicesListeners) listener(ids);
  };
  const onCommitted = (batch: BatchWrite) => {
    lateFixes.committed(batch.late.length);
    for (const listener of listeners) listener(batch);
    // Only devices whose latest fix advanced have a status row in the batch: late fixes change nothing on the map.
    if (batch.statuses.length > 0) devicesChanged(batch.statuses.map((s) => s.device_id));
  };
  const warningListeners = new Set<WarningListener>();
  const editsListeners = new Set<EditsListener>();
  const alarmMapping = createAlarmMappingCache(handle.db, now);
  const pipeline = createPositionPipeline({ store: createTelemetryStore(handle, storeOptions), devices, alarmMapping, now, onCommitted, deriveEveryMs });
  const commands = createCommandStore(handle.db, now);
  const telemetry = {
    devices,
    pipeline,
    /** The per-model alarm mapping the pipeline applies; the mapping screen invalidates it after a change. */
    alarmMapping,
    /** Where HTTP ingest hands positions: the pipeline, or in an API process of scale mode the broker. */
    sink: pipeline as PositionSink,
    /** Replays of devices whose late fixes changed what was derived. */
    lateFixes,
    /**
     * At start, and when a worker takes devices over: derives again what was stored after each
     * device's mark (a crash, or the previous owner's last minute); never rejects.
     */
    resumeDerived(): void {
      devices.resume(owns)
        .then(() => pipeline.wake())
        .catch((err: unknown) => console.error('cvrisk: deriving the positions stored after the last derived write failed:', err instanceof Error ? err.message : err));
    },
    commands,
    channel: noChannel as CommandChannel,
    /** Live updates and the risk engine follow committed batches without the pipeline knowing them; returns the unsubscribe. */
    onCommitted(listener: CommitListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * Devices whose latest state changed: from this process's commits, and in scale mode (an API
     * process) from every worker's, relayed over the broker; returns the unsubscribe.
     */
    onDevicesChanged(listener: DevicesListener): () => void {
      devicesListeners.add(listener);
      return () => devicesListeners.delete(listener);
    },
    /** Devices changed elsewhere (scale mode: a worker's commit, heard over the broker). */
    devicesChanged,
    /**
     * Devices whose car, department or existence changed (an install, an import): this process's cache
     * forgets them, and in scale mode an API process tells the workers and gateways (`onDevicesEdited`).
     */
    devicesEdited(deviceNumbers: string[]): void {
      for (const n of deviceNumbers) devices.forget(n);
      for (const listener of editsListeners) listener(deviceNumbers);
    },
    /** Hears each `devicesEdited`; returns the unsubscribe. */
    onDevicesEdited(listener: EditsListener): () => void {
      editsListeners.add(listener);
      return () => editsListeners.delete(listener);
    },
    /** The live stream (and later the push channels) hear of new warnings here; returns the unsubscribe. */
    onWarning(listener: WarningListener): () => void {
      warningListeners.add(listener);
      return () => warningListeners.delete(listener);
    },
    /** The engine announces each new warning meant to be pushed. */
    announceWarning(warning: WarningEvent): void {
      for (const listener of warningListeners) listener(warning);
    },
  };
  return telemetry;
}

export type Telemetry = ReturnType<typeof createTelemetry>;
