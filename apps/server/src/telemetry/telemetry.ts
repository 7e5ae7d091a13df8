import type { DatabaseHandle } from '../db/database.js';
import { createCommandStore, noChannel, type CommandChannel } from './commands/command-store.js';
import { createTelemetryStore } from './pipeline/create-store.js';
import { createDeviceCache } from './pipeline/device-cache.js';
import { createPositionPipeline } from './pipeline/position-pipeline.js';

/**
 * The pieces every position source shares: one device cache, one pipeline, the command store, and
 * the channel commands leave by (the JT/T 808 gateway plugs itself in when it starts).
 */
export function createTelemetry(handle: DatabaseHandle, now: () => number = Date.now) {
  const devices = createDeviceCache(handle.db, now);
  const pipeline = createPositionPipeline({ store: createTelemetryStore(handle), devices, now });
  const commands = createCommandStore(handle.db, now);
  const telemetry = { devices, pipeline, commands, channel: noChannel as CommandChannel };
  return telemetry;
}

export type Telemetry = ReturnType<typeof createTelemetry>;
