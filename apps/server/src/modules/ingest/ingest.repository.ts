import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { deptDisabledFlag } from '../dept/dept-state.js';

/** A key's last use is written at most this often, so a busy feed costs one read per batch, not a write. */
export const LAST_USED_GRANULARITY_MS = 60_000;

export type NewIntegration = { deptId: number; name: string; keyHash: string; keyHint: string; createdBy: string; now: number };

const ITEM_COLUMNS = [
  'i.id', 'i.name', 'i.dept_id', 'd.name as dept_name', 'i.created_at', 'i.created_by', 'i.key_hint', 'i.last_used_at', 'i.revoked_at', 'i.revoked_by',
] as const;

export function createIngestRepository(db: Db) {
  return {
    /**
     * The active integration holding this key; a revoked key is found no more than an unknown one. With
     * whether its department, or one above it, is disabled: read on every call, as the key itself is.
     */
    findIntegration(keyHash: string) {
      return db
        .selectFrom('integration as i')
        .innerJoin('dept as d', 'd.id', 'i.dept_id')
        .select(['i.id', 'i.name', 'i.dept_id', 'i.last_used_at', 'd.path', 'd.kind', deptDisabledFlag('d.path').as('dept_disabled')])
        .where('i.key_hash', '=', keyHash)
        .where('i.revoked_at', 'is', null)
        .executeTakeFirst();
    },
    /** Marks a key used, unless another request (or API process) already did within the minute. */
    async markUsed(id: number, now: number): Promise<void> {
      await db
        .updateTable('integration')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - LAST_USED_GRANULARITY_MS)]))
        .execute();
    },
    subtreeDeptIds(path: string) {
      return db.selectFrom('dept').select('id').where('path', 'like', `${path}%`).execute();
    },
    dept(deptId: number) {
      return db.selectFrom('dept').select(['id', 'name', 'kind']).where('id', '=', deptId).executeTakeFirst();
    },
    async activeNameTaken(deptId: number, name: string, trx: Db = db): Promise<boolean> {
      const row = await trx.selectFrom('integration').select('id').where('dept_id', '=', deptId).where('name', '=', name).where('revoked_at', 'is', null).executeTakeFirst();
      return row !== undefined;
    },
    async createIntegration(i: NewIntegration, trx: Db = db): Promise<number> {
      const row = await trx
        .insertInto('integration')
        .values({ dept_id: i.deptId, name: i.name, key_hash: i.keyHash, key_hint: i.keyHint, created_by: i.createdBy, created_at: i.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Newest first: the key just issued is at the top; revoked keys stay listed, marked. */
    list(scope: Scope) {
      return db
        .selectFrom('integration as i')
        .innerJoin('dept as d', 'd.id', 'i.dept_id')
        .select(ITEM_COLUMNS)
        .where((eb) => inScope(eb, 'i.dept_id', scope))
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id', 'desc')
        .execute();
    },
    find(scope: Scope, id: number, trx: Db = db) {
      return trx
        .selectFrom('integration as i')
        .innerJoin('dept as d', 'd.id', 'i.dept_id')
        .select(ITEM_COLUMNS)
        .where('i.id', '=', id)
        .where((eb) => inScope(eb, 'i.dept_id', scope))
        .executeTakeFirst();
    },
    /** Revokes a key unless someone else just did; answers whether this call revoked it. */
    async revoke(id: number, by: string, now: number, trx: Db = db): Promise<boolean> {
      const res = await trx.updateTable('integration').set({ revoked_at: now, revoked_by: by }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
export type IntegrationRow = NonNullable<Awaited<ReturnType<IngestRepository['find']>>>;
