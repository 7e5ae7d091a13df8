import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

/**
 * Users and roles get their screens (issue 18). A role gets an owner department (the roles that exist
 * go to the platform root, so they stay shared with everyone); a role's name is unique within its
 * owner. A user gets `must_change_password`, set when an administrator creates the account or resets
 * its password, cleared when the user changes it.
 *
 * SQLite cannot add a NOT NULL column that references another table, nor change a column's
 * nullability without rebuilding the table (which app_user and session reference): there `dept_id`
 * stays nullable and every insert sets it; PostgreSQL gets the NOT NULL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.alterTable('role').addColumn('dept_id', 'integer', (c) => c.references('dept.id')).execute();
  const root = (await db.selectFrom('dept').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirst()) as { id: number } | undefined;
  if (root) await db.updateTable('role').set({ dept_id: root.id }).execute();
  if (!isSqlite(db)) await sql`alter table role alter column dept_id set not null`.execute(db);
  await s.createIndex('role_dept_name').on('role').columns(['dept_id', 'name']).unique().execute();
  await s.createIndex('app_user_role').on('app_user').column('role_id').execute();
  await s.alterTable('app_user').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.alterTable('app_user').dropColumn('must_change_password').execute();
  await s.dropIndex('app_user_role').ifExists().execute();
  await s.dropIndex('role_dept_name').ifExists().execute();
  await s.alterTable('role').dropColumn('dept_id').execute();
}
