import type { Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/**
 * Integration keys get their screen (issue 18): who issued a key, the last four characters it ends
 * with (so an operator tells keys apart without the key), when it was last used, and its revocation.
 * Keys issued before this migration have no creator or hint (null); revoked keys are kept, not deleted,
 * so the list and the audit log still name them.
 */
const COLUMNS: [string, 'varchar(64)' | 'varchar(4)' | typeof TIME][] = [
  ['created_by', 'varchar(64)'],
  ['key_hint', 'varchar(4)'],
  ['last_used_at', TIME],
  ['revoked_at', TIME],
  ['revoked_by', 'varchar(64)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type] of COLUMNS) await db.schema.alterTable('integration').addColumn(name, type).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('integration').dropColumn(name).execute();
}
