import type { DatabaseHandle } from '../../db/database.js';
import { createKyselyTelemetryStore } from './kysely-store.js';
import { createSqliteTelemetryStore } from './sqlite-store.js';
import type { TelemetryStore } from './telemetry-store.js';

export function createTelemetryStore(handle: DatabaseHandle): TelemetryStore {
  return handle.sqlite ? createSqliteTelemetryStore(handle.sqlite) : createKyselyTelemetryStore(handle.db);
}
