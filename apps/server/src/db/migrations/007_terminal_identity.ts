import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { idColumn, TIME } from '../dialect.js';

/** Roles that may reset a terminal's registration, as the contracts' ROLE_PERMISSIONS now say. */
const RESETTING_ROLES = ['platformAdmin', 'financeManager'];

/**
 * A terminal's identity is its auth code: kept only as a SHA-256 (a copy of the database does not
 * let anyone pose as a terminal), with the time it registered — a registered terminal cannot be
 * registered again until an administrator resets it. Invalid positions are counted per device, and
 * administrative actions leave an audit trail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.alterTable('device').addColumn('auth_code_hash', 'varchar(64)').execute();
  await s.alterTable('device').addColumn('registered_at', TIME).execute();
  await s.alterTable('device').addColumn('invalid_positions', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await s.alterTable('device').addColumn('last_invalid_at', TIME).execute();
  await s.alterTable('device').addColumn('last_invalid_reason', 'varchar(40)').execute();

  // Terminals already holding a code keep it: only its hash stays.
  const held = await db.selectFrom('device').select(['id', 'auth_code', 'created_at']).where('auth_code', 'is not', null).execute();
  for (const row of held as { id: number; auth_code: string; created_at: number }[]) {
    const hash = crypto.createHash('sha256').update(row.auth_code).digest('hex');
    await db.updateTable('device').set({ auth_code_hash: hash, registered_at: row.created_at }).where('id', '=', row.id).execute();
  }
  await s.alterTable('device').dropColumn('auth_code').execute();

  await s.createTable('audit_log').addColumn('id', 'integer', idColumn(db))
    .addColumn('at', TIME, (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(50)', (c) => c.notNull())
    .addColumn('dept_id', 'integer')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('target', 'varchar(100)', (c) => c.notNull())
    .addColumn('detail', 'varchar(1000)', (c) => c.notNull())
    .execute();
  await s.createIndex('audit_log_at').on('audit_log').column('at').execute();

  const roles = await db.selectFrom('role').select(['id', 'permissions']).where('code', 'in', RESETTING_ROLES).execute();
  for (const role of roles as { id: number; permissions: string }[]) {
    const permissions = JSON.parse(role.permissions) as string[];
    if (permissions.includes('device:reset')) continue;
    await db.updateTable('role').set({ permissions: JSON.stringify([...permissions, 'device:reset']) }).where('id', '=', role.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.alterTable('device').addColumn('auth_code', 'varchar(64)').execute();
  for (const column of ['auth_code_hash', 'registered_at', 'invalid_positions', 'last_invalid_at', 'last_invalid_reason']) {
    await db.schema.alterTable('device').dropColumn(column).execute();
  }
}
