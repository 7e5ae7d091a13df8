import type { Db } from '../../db/database.js';

export type AlarmMappingRow = { id: number; model: string; source: string; code: number; alarm_type: number; updated_at: number };
export type AlarmMappingValues = Omit<AlarmMappingRow, 'id'>;

const COLUMNS = ['id', 'model', 'source', 'code', 'alarm_type', 'updated_at'] as const;

/** The per-model alarm mapping: one platform-wide table, so no scope (only the platform edits it). */
export function createAlarmMappingRepository(db: Db) {
  return {
    list(): Promise<AlarmMappingRow[]> {
      return db.selectFrom('alarm_mapping').select(COLUMNS).orderBy('model').orderBy('source').orderBy('code').execute();
    },
    find(id: number): Promise<AlarmMappingRow | undefined> {
      return db.selectFrom('alarm_mapping').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    /** The row already mapping this model's bit or item, if any. */
    findSame(v: Pick<AlarmMappingRow, 'model' | 'source' | 'code'>): Promise<AlarmMappingRow | undefined> {
      return db.selectFrom('alarm_mapping').select(COLUMNS)
        .where('model', '=', v.model).where('source', '=', v.source).where('code', '=', v.code)
        .executeTakeFirst();
    },
    async insert(v: AlarmMappingValues): Promise<number> {
      return (await db.insertInto('alarm_mapping').values(v).returning('id').executeTakeFirstOrThrow()).id;
    },
    async update(id: number, v: AlarmMappingValues): Promise<void> {
      await db.updateTable('alarm_mapping').set(v).where('id', '=', id).execute();
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('alarm_mapping').where('id', '=', id).execute();
    },
  };
}

export type AlarmMappingRepository = ReturnType<typeof createAlarmMappingRepository>;
