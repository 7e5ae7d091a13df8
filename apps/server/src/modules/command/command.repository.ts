import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';

/**
 * What the console's command calls read besides the command rows themselves (those are the
 * telemetry's command store, shared with the gateway that sends them).
 */
export function createCommandRepository(db: Db) {
  return {
    /** The device with this number, if the caller's scope holds it. */
    deviceInScope(scope: Scope, deviceNumber: string) {
      return db.selectFrom('device').select(['id', 'device_number', 'retired_at'])
        .where('device_number', '=', deviceNumber).where((eb) => inScope(eb, 'device.dept_id', scope))
        .executeTakeFirst();
    },
  };
}

export type CommandRepository = ReturnType<typeof createCommandRepository>;
