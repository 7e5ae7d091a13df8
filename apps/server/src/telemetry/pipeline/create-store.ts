import type { DatabaseHandle } from '../../db/database.js';
import { createKyselyTelemetryStore } from './kysely-store.js';
import { createSqliteTelemetryStore } from './sqlite-store.js';
import type { TelemetryStore, TelemetryStoreOptions } from './telemetry-store.js';

/** `opts` matter only on PostgreSQL: the SQLite store refuses batches that carry stream offsets. */
export function createTelemetryStore(handle: DatabaseHandle, opts: TelemetryStoreOptions = {}): TelemetryStore {
  return handle.sqlite ? createSqliteTelemetryStore(handle.sqlite) : createKyselyTelemetryStore(handle.db, opts);
}
