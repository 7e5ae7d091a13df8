import type { Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/**
 * Departments get their screen (issue 18): a department can be disabled (its subtree's users can no
 * longer sign in; its data stays), recorded as when and by whom. Sibling names become unique, so two
 * administrators creating the same dealer at once cannot both succeed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dept').addColumn('disabled_at', TIME).execute();
  await db.schema.alterTable('dept').addColumn('disabled_by', 'varchar(64)').execute();
  await db.schema.createIndex('dept_parent_name').on('dept').columns(['parent_id', 'name']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('dept_parent_name').ifExists().execute();
  await db.schema.alterTable('dept').dropColumn('disabled_by').execute();
  await db.schema.alterTable('dept').dropColumn('disabled_at').execute();
}
