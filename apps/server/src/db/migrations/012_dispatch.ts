import type { Kysely } from 'kysely';
import { idColumn, TIME } from '../dialect.js';

/** Role changes of issue 16: installers get their own permission; operators audit the orders they raise. */
const GRANTS: [role: string, add: string[], remove: string[]][] = [
  ['platformAdmin', ['order:install'], []],
  ['financeManager', ['order:install'], []],
  ['financeOperator', ['order:audit'], []],
  ['installer', ['order:install'], ['order:dispatch']],
];

/**
 * Dispatch and installation (server-behaviour §10): the order's car and install time, why the server
 * found it abnormal, its history (every change: who, when, from, to, why), the devices fitted by it
 * (with their first report after the install) and its files (kept under DATA_DIR, named here).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.alterTable('dispatch_order').addColumn('car_id', 'integer').execute();
  await s.alterTable('dispatch_order').addColumn('installed_at', TIME).execute();
  await s.alterTable('dispatch_order').addColumn('abnormal_reason', 'varchar(255)').execute();
  await s.createIndex('dispatch_order_installer').on('dispatch_order').columns(['installer_dept_id', 'created_at']).execute();
  // The abnormal sweep reads installed orders only.
  await s.createIndex('dispatch_order_state').on('dispatch_order').columns(['state', 'installed_at']).execute();

  await s.createTable('dispatch_order_event').addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('dispatch_order.id'))
    .addColumn('at', TIME, (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(50)')
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('from_state', 'integer')
    .addColumn('to_state', 'integer')
    .addColumn('reason', 'varchar(500)')
    .execute();
  await s.createIndex('dispatch_order_event_order').on('dispatch_order_event').columns(['order_id', 'id']).execute();

  await s.createTable('dispatch_order_device')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('dispatch_order.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('first_report_at', TIME)
    .addColumn('first_report_m', 'double precision')
    .addPrimaryKeyConstraint('dispatch_order_device_pk', ['order_id', 'device_id'])
    .execute();
  await s.createIndex('dispatch_order_device_device').on('dispatch_order_device').column('device_id').execute();

  await s.createTable('dispatch_order_file').addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('dispatch_order.id'))
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    /** Relative to DATA_DIR: order-files/<order id>/<random>.<ext>. */
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer')
    .addColumn('uploader_name', 'varchar(50)')
    .addColumn('uploaded_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('dispatch_order_file_order').on('dispatch_order_file').columns(['order_id', 'id']).execute();

  for (const [code, add, remove] of GRANTS) {
    const roles = (await db.selectFrom('role').select(['id', 'permissions']).where('code', '=', code).execute()) as { id: number; permissions: string }[];
    for (const role of roles) {
      const held = (JSON.parse(role.permissions) as string[]).filter((p) => !remove.includes(p));
      const permissions = [...held, ...add.filter((p) => !held.includes(p))];
      await db.updateTable('role').set({ permissions: JSON.stringify(permissions) }).where('id', '=', role.id).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['dispatch_order_file', 'dispatch_order_device', 'dispatch_order_event']) await db.schema.dropTable(t).ifExists().execute();
  await db.schema.dropIndex('dispatch_order_state').ifExists().execute();
  await db.schema.dropIndex('dispatch_order_installer').ifExists().execute();
  for (const c of ['abnormal_reason', 'installed_at', 'car_id']) await db.schema.alterTable('dispatch_order').dropColumn(c).execute();
}
