import type { Kysely } from 'kysely';
import { idColumn, TIME } from '../dialect.js';

/**
 * Settings stay inside their institution (security issue): 处理常用语 were one platform-wide table
 * that any `user:admin` holder rewrote for every institution. They move to `setting`, beside the
 * thresholds, one row per department and warning type (`handlingPhrases.<type>`, a JSON list):
 * department 0 is the platform default, a finance institution's row its own list of that type. The
 * phrases of today become the platform default, so nothing changes on screen until an institution
 * saves its own.
 */
const KEY_PREFIX = 'handlingPhrases.';
const PLATFORM = 0;

export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await db.selectFrom('handling_phrase').select(['warning_type', 'text']).orderBy('warning_type').orderBy('position').execute()) as {
    warning_type: number;
    text: string;
  }[];
  const byType = new Map<number, string[]>();
  for (const r of rows) byType.set(Number(r.warning_type), [...(byType.get(Number(r.warning_type)) ?? []), r.text]);
  if (byType.size > 0) {
    await db.insertInto('setting')
      .values([...byType].map(([type, texts]) => ({ dept_id: PLATFORM, key: `${KEY_PREFIX}${type}`, value: JSON.stringify(texts) })))
      .execute();
  }
  await db.schema.dropTable('handling_phrase').execute();
}

/** Back to one list for everyone: the platform default's; institutions' own lists are dropped. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('handling_phrase').addColumn('id', 'integer', idColumn(db))
    .addColumn('warning_type', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(50)', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('handling_phrase_type').on('handling_phrase').columns(['warning_type', 'position']).unique().execute();
  const stored = (await db.selectFrom('setting').select(['key', 'value']).where('dept_id', '=', PLATFORM).where('key', 'like', `${KEY_PREFIX}%`).execute()) as {
    key: string;
    value: string;
  }[];
  const rows = stored.flatMap((s) =>
    (JSON.parse(s.value) as string[]).map((text, position) => ({ warning_type: Number(s.key.slice(KEY_PREFIX.length)), position, text, updated_by: null, updated_at: 0 })),
  );
  if (rows.length > 0) await db.insertInto('handling_phrase').values(rows).execute();
  await db.deleteFrom('setting').where('key', 'like', `${KEY_PREFIX}%`).execute();
}
