import { sql, type Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/** The risk engine: what it remembers per device, and the indexes its rules and the grade need. */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  // Where each device's evaluation stands: the last fix evaluated and the rules' state at that fix.
  await s.createTable('engine_device_state')
    .addColumn('device_id', 'integer', (c) => c.primaryKey())
    .addColumn('evaluated_to', TIME, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .execute();
  // At most one unhandled warning per (device, type, place), whichever process writes it.
  await s.createIndex('warning_open_unique').on('warning').columns(['device_id', 'warning_type', 'place_key'])
    .unique().where(sql.ref('deal_status'), '=', sql.lit(0)).execute();
  await s.createIndex('warning_customer_time').on('warning').columns(['customer_id', 'warning_time']).execute();
  await s.createIndex('warning_car_time').on('warning').columns(['car_id', 'warning_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['warning_car_time', 'warning_customer_time', 'warning_open_unique']) await db.schema.dropIndex(i).ifExists().execute();
  await db.schema.dropTable('engine_device_state').ifExists().execute();
}
