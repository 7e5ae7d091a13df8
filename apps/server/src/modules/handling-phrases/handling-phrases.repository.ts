import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';

/** `setting` key of one warning type's phrases (migration 025): a JSON list, in the order the dialog shows them. */
const KEY_PREFIX = 'handlingPhrases.';
export const phrasesKey = (warningType: number) => `${KEY_PREFIX}${warningType}`;

export type StoredPhrases = { deptId: number; warningType: number; phrases: string[] };

/** A stored list that no longer reads as a list of texts (edited by hand) counts as absent. */
function parsePhrases(text: string): string[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((p) => typeof p === 'string') ? value : null;
  } catch {
    return null;
  }
}

/**
 * 处理常用语 in `setting`: per department (a finance institution, or 0 for the platform default) and
 * warning type. Which department a caller may read or write is the service's (institution-settings.ts).
 */
export function createHandlingPhraseRepository(db: Db) {
  return {
    /** The lists these departments keep of these types. */
    async stored(deptIds: number[], types: readonly number[]): Promise<StoredPhrases[]> {
      const rows = await db.selectFrom('setting').select(['dept_id', 'key', 'value'])
        .where('dept_id', 'in', deptIds).where('key', 'in', types.map(phrasesKey)).execute();
      return rows.flatMap((r) => {
        const phrases = parsePhrases(r.value);
        return phrases ? [{ deptId: r.dept_id, warningType: Number(r.key.slice(KEY_PREFIX.length)), phrases }] : [];
      });
    },

    /** The type's whole list, replaced at once (one row): a reader sees the old list or the new one, never a mix. */
    async replace(deptId: number, warningType: number, phrases: string[]): Promise<void> {
      const value = JSON.stringify(phrases);
      await db.insertInto('setting').values({ dept_id: deptId, key: phrasesKey(warningType), value })
        .onConflict((oc) => oc.columns(['dept_id', 'key']).doUpdateSet({ value }))
        .execute();
    },

    /** Drops a department's own list of the type: it follows the platform default again. */
    async remove(deptId: number, warningType: number): Promise<void> {
      await db.deleteFrom('setting').where('dept_id', '=', deptId).where('key', '=', phrasesKey(warningType)).execute();
    },

    /** The department of a warning in the caller's scope, or nothing. */
    async warningDept(scope: Scope, warningId: number): Promise<number | undefined> {
      const row = await db.selectFrom('warning').select('dept_id').where('id', '=', warningId).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
      return row?.dept_id;
    },
  };
}

export type HandlingPhraseRepository = ReturnType<typeof createHandlingPhraseRepository>;
