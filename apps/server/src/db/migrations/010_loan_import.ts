import type { Kysely } from 'kysely';
import { idColumn, TIME } from '../dialect.js';

/** Roles that load loan data; other roles get `loan:import` from an administrator. */
const IMPORTING_ROLES = ['platformAdmin', 'financeManager'];

/**
 * Loan imports (issue 14): each sheet import is a row whose phase and counts the console polls, kept in
 * the database so any API process can answer for it and a crash leaves a trace.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('loan_import').addColumn('id', 'integer', idColumn(db))
    .addColumn('dept_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('phase', 'varchar(16)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('message', 'varchar(500)')
    .addColumn('started_at', TIME, (c) => c.notNull())
    .addColumn('finished_at', TIME)
    .execute();
  // Databases seeded before the permission existed: the seed gives it to new ones.
  const roles = await db.selectFrom('role').select(['id', 'permissions']).where('code', 'in', IMPORTING_ROLES).execute();
  for (const r of roles) {
    const permissions = JSON.parse(r.permissions as string) as string[];
    if (!permissions.includes('loan:import')) {
      await db.updateTable('role').set({ permissions: JSON.stringify([...permissions, 'loan:import']) }).where('id', '=', r.id).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('loan_import').ifExists().execute();
}
