import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';
import type { ControlMappingRow } from '../../telemetry/commands/seeded-control-mapping.js';

export type StoredControlMapping = ControlMappingRow & { updated_at: number };

const COLUMNS = ['model', 'method', 'cut_code', 'restore_code', 'control_type_id', 'cut_text', 'restore_text', 'updated_at'] as const;

/**
 * `control_mapping`: one platform-wide table (the terminal models are the same for every institution),
 * read by anyone, written only by the platform. The device counts beside it are the caller's.
 */
export function createControlMappingRepository(db: Db) {
  return {
    async list(): Promise<StoredControlMapping[]> {
      return (await db.selectFrom('control_mapping').select(COLUMNS).orderBy('model').execute()) as StoredControlMapping[];
    },
    async find(model: string): Promise<StoredControlMapping | undefined> {
      return (await db.selectFrom('control_mapping').select(COLUMNS).where('model', '=', model).executeTakeFirst()) as StoredControlMapping | undefined;
    },
    /** The mappings of these models (a device's or a case's), by model. */
    async ofModels(models: readonly string[]): Promise<Map<string, StoredControlMapping>> {
      if (models.length === 0) return new Map();
      const rows = (await db.selectFrom('control_mapping').select(COLUMNS).where('model', 'in', [...new Set(models)]).execute()) as StoredControlMapping[];
      return new Map(rows.map((r) => [r.model, r]));
    },
    async upsert(row: StoredControlMapping): Promise<void> {
      const { model: _model, ...rest } = row;
      await db.insertInto('control_mapping').values(row).onConflict((oc) => oc.column('model').doUpdateSet(rest)).execute();
    },
    async remove(model: string): Promise<boolean> {
      const r = await db.deleteFrom('control_mapping').where('model', '=', model).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
    /** The device with this number, if the caller's scope holds it. */
    deviceInScope(scope: Scope, deviceNumber: string) {
      return db.selectFrom('device').select(['id', 'device_number', 'model'])
        .where('device_number', '=', deviceNumber).where((eb) => inScope(eb, 'device.dept_id', scope)).executeTakeFirst();
    },
    /** The models of devices the caller reached through a case it sees. */
    modelsOf(deviceIds: readonly number[]) {
      return db.selectFrom('device').select(['id', 'model']).where('id', 'in', [...new Set(deviceIds)]).execute();
    },
    /** The caller's devices in service (not retired), counted by model. */
    async deviceCountsByModel(scope: Scope): Promise<Map<string, number>> {
      const rows = await db.selectFrom('device').select(['model', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where((eb) => inScope(eb, 'device.dept_id', scope)).where('retired_at', 'is', null)
        .groupBy('model').execute();
      return new Map(rows.map((r) => [r.model, Number(r.n)]));
    },
  };
}

export type ControlMappingRepository = ReturnType<typeof createControlMappingRepository>;
