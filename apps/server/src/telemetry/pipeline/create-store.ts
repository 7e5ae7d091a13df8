import type { DatabaseHandle } from '../../db/database.js';
import { createKyselyTelemetryStore } from './kysely-store.js';
import { createSqliteTelemetryStore } from './sqlite-store.js';
import type { TelemetryStore, TelemetryStoreOptions } from './telemetry-store.js';

/**
 * `commitOffsets` matters only on PostgreSQL (the SQLite store refuses batches that carry stream
 * offsets), `checkpointer` only on SQLite.
 */
export function createTelemetryStore(handle: DatabaseHandle, opts: TelemetryStoreOptions = {}): TelemetryStore {
  return handle.sqlite ? createSqliteTelemetryStore(handle.sqlite, opts.checkpointer) : createKyselyTelemetryStore(handle.db, opts);
}
