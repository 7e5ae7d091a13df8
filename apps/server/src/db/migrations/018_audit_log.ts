import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

const REFUSAL = '审计日志不可修改';

/**
 * Issue 18, the audit log screen: indexes for its queries, and the table made append-only in the
 * database itself, so no code path (nor a mistaken maintenance script through the product's
 * connection) can change or delete an entry.
 *
 * - (dept_id, at): a department subtree's entries, newest first (every non-platform caller);
 * - (action, at): one action across the platform, newest first;
 * - (user_id, at): one user's entries. The platform's unfiltered page walks `audit_log_at` (migration 007).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('audit_log_dept_at').on('audit_log').columns(['dept_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_log_user_at').on('audit_log').columns(['user_id', 'at']).execute();
  if (isSqlite(db)) {
    for (const event of ['update', 'delete']) {
      await sql.raw(`create trigger audit_log_no_${event} before ${event} on audit_log begin select raise(abort, '${REFUSAL}'); end`).execute(db);
    }
    return;
  }
  await sql.raw(`create function audit_log_refuse() returns trigger language plpgsql as $$ begin raise exception '${REFUSAL}'; end $$`).execute(db);
  for (const event of ['update', 'delete']) {
    await sql.raw(`create trigger audit_log_no_${event} before ${event} on audit_log for each row execute function audit_log_refuse()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['update', 'delete']) await sql.raw(`drop trigger if exists audit_log_no_${event}${isSqlite(db) ? '' : ' on audit_log'}`).execute(db);
  if (!isSqlite(db)) await sql`drop function if exists audit_log_refuse()`.execute(db);
  for (const index of ['audit_log_dept_at', 'audit_log_action_at', 'audit_log_user_at']) await db.schema.dropIndex(index).ifExists().execute();
}
