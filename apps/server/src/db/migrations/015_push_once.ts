import { sql, type Kysely } from 'kysely';

/**
 * One delivery per webhook and warning. In scale mode every API process hears each new warning (the
 * live stream needs it) and queues its webhook deliveries; the index lets the first one in and turns
 * the others into nothing. Test deliveries (no warning) are not limited.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('webhook_delivery_once').on('webhook_delivery').columns(['webhook_id', 'warning_id']).unique()
    .where(sql.ref('warning_id'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_delivery_once').ifExists().execute();
}
