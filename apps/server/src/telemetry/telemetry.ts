import type { DatabaseHandle } from '../db/database.js';
import { createTelemetryStore } from './pipeline/create-store.js';
import { createDeviceCache } from './pipeline/device-cache.js';
import { createPositionPipeline } from './pipeline/position-pipeline.js';

/** The pieces every position source shares: one device cache, one pipeline. */
export function createTelemetry(handle: DatabaseHandle, now: () => number = Date.now) {
  const devices = createDeviceCache(handle.db, now);
  const pipeline = createPositionPipeline({ store: createTelemetryStore(handle), devices, now });
  return { devices, pipeline };
}

export type Telemetry = ReturnType<typeof createTelemetry>;
