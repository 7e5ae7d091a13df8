import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { idColumn, TIME } from '../dialect.js';

/**
 * Issue 18, own account: the passwords a user may not reuse, when the password last changed, and
 * what a session list shows — a public id (never the token or its hash), the address and the browser.
 * Old sessions get a public id here; their address and browser stay unknown (null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  // The hashes a user replaced, newest first; with the current hash (app_user) they are "the last 3".
  await s.createTable('password_history').addColumn('id', 'integer', idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('changed_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('password_history_user').on('password_history').columns(['user_id', 'changed_at']).execute();

  await s.alterTable('app_user').addColumn('password_changed_at', TIME).execute();

  await s.alterTable('session').addColumn('public_id', 'varchar(32)').execute();
  await s.alterTable('session').addColumn('ip', 'varchar(64)').execute();
  await s.alterTable('session').addColumn('user_agent', 'varchar(200)').execute();
  const sessions = (await db.selectFrom('session').select('token_hash').execute()) as { token_hash: string }[];
  for (const row of sessions) {
    await db.updateTable('session').set({ public_id: newPublicId() }).where('token_hash', '=', row.token_hash).execute();
  }
  await s.createIndex('session_public_id').on('session').column('public_id').unique().execute();
  await s.createIndex('session_user').on('session').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.dropIndex('session_user').ifExists().execute();
  await s.dropIndex('session_public_id').ifExists().execute();
  await s.alterTable('session').dropColumn('user_agent').execute();
  await s.alterTable('session').dropColumn('ip').execute();
  await s.alterTable('session').dropColumn('public_id').execute();
  await s.alterTable('app_user').dropColumn('password_changed_at').execute();
  await s.dropTable('password_history').ifExists().execute();
}

/** Same form as the session service's ids; a copy, because a migration must not change when the service does. */
const newPublicId = () => crypto.randomBytes(12).toString('base64url');
