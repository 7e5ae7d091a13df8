import type { Db } from '../../db/database.js';

export type PhraseRow = { warning_type: number; text: string };

/** 处理常用语: platform-wide rows, so no scope (they hold no department's data). */
export function createHandlingPhraseRepository(db: Db) {
  return {
    async list(warningType?: number): Promise<PhraseRow[]> {
      let q = db.selectFrom('handling_phrase').select(['warning_type', 'text']);
      if (warningType !== undefined) q = q.where('warning_type', '=', warningType);
      return q.orderBy('warning_type').orderBy('position').execute();
    },

    /** The type's whole list, replaced at once: a reader sees the old list or the new one, never a mix. */
    async replace(warningType: number, texts: string[], by: { userId: number; at: number }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('handling_phrase').where('warning_type', '=', warningType).execute();
        if (texts.length === 0) return;
        await trx
          .insertInto('handling_phrase')
          .values(texts.map((text, position) => ({ warning_type: warningType, position, text, updated_by: by.userId, updated_at: by.at })))
          .execute();
      });
    },
  };
}

export type HandlingPhraseRepository = ReturnType<typeof createHandlingPhraseRepository>;
