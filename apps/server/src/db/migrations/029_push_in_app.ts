import type { Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/**
 * The in-app channel of the push configuration (server-behaviour §5): per department and warning
 * type, whether its users are told of new warnings in the console (the live stream, the ticker and
 * the top-bar count). A row is an explicit choice of that department; a department without one
 * follows the nearest department above it that has one, and in-app push is on where none has.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('push_in_app')
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('warning_type', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id'))
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('push_in_app_pk', ['dept_id', 'warning_type'])
    .execute();
  // The live push asks "which departments chose something for this type" once per new warning.
  await db.schema.createIndex('push_in_app_type').on('push_in_app').columns(['warning_type', 'dept_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_in_app').execute();
}
