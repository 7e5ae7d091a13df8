import type { Kysely } from 'kysely';
import { idColumn, TIME } from '../dialect.js';

/**
 * Warning push: webhooks per department and warning types, and their deliveries, which are durable so
 * that a restart resumes what was pending. Also the customer-name index the top bar's quick search needs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const s = db.schema;
  await s.createTable('webhook').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    // JSON list of warning type codes, or '*' for every type.
    .addColumn('warning_types', 'varchar(200)', (c) => c.notNull())
    .addColumn('secret', 'varchar(128)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('webhook_dept').on('webhook').columns(['dept_id', 'enabled']).execute();

  await s.createTable('webhook_delivery').addColumn('id', 'integer', id)
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhook.id').onDelete('cascade'))
    // null for a test delivery.
    .addColumn('warning_id', 'integer')
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', TIME)
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(200)')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('delivered_at', TIME)
    .execute();
  // The worker's "what is due" and the screen's "deliveries of this webhook, newest first".
  await s.createIndex('webhook_delivery_due').on('webhook_delivery').columns(['state', 'next_attempt_at']).execute();
  await s.createIndex('webhook_delivery_hook').on('webhook_delivery').columns(['webhook_id', 'id']).execute();

  await s.createIndex('customer_name').on('customer').column('name').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customer_name').ifExists().execute();
  await db.schema.dropTable('webhook_delivery').ifExists().execute();
  await db.schema.dropTable('webhook').ifExists().execute();
}
