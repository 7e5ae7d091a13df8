import type { Db } from '../../db/database.js';

/** Key/value settings; department 0 holds the platform-wide ones. */
export function createSettingsRepository(db: Db) {
  return {
    async get(deptId: number, key: string): Promise<string | undefined> {
      const row = await db.selectFrom('setting').select('value').where('dept_id', '=', deptId).where('key', '=', key).executeTakeFirst();
      return row?.value;
    },
    async set(deptId: number, key: string, value: string): Promise<void> {
      await db
        .insertInto('setting')
        .values({ dept_id: deptId, key, value })
        .onConflict((oc) => oc.columns(['dept_id', 'key']).doUpdateSet({ value }))
        .execute();
    },
    async remove(deptId: number, key: string): Promise<void> {
      await db.deleteFrom('setting').where('dept_id', '=', deptId).where('key', '=', key).execute();
    },
    /**
     * Sets the value unless it holds it already, and answers whether this call changed it: of several
     * processes claiming the same value (a day's once-only job), exactly one gets true.
     */
    async claim(deptId: number, key: string, value: string): Promise<boolean> {
      const r = await db
        .insertInto('setting')
        .values({ dept_id: deptId, key, value })
        .onConflict((oc) => oc.columns(['dept_id', 'key']).doUpdateSet({ value }).where('setting.value', '<>', value))
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** Insert unless present; returns the stored value, so concurrent starters agree on one. */
    async getOrInsert(deptId: number, key: string, make: () => string): Promise<string> {
      await db
        .insertInto('setting')
        .values({ dept_id: deptId, key, value: make() })
        .onConflict((oc) => oc.columns(['dept_id', 'key']).doNothing())
        .execute();
      const stored = await this.get(deptId, key);
      if (stored === undefined) throw new Error(`setting ${key} vanished after insert`);
      return stored;
    },
  };
}
