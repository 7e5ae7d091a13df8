import type { Kysely } from 'kysely';

/**
 * A fencing token per partition: raised by every claim of a new owner, kept by renewals. A worker
 * that lost a partition and won it back within one round must not commit from its old consumer (stale
 * cursor, stale device state): its commits name the epoch that consumer started under, and fail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('broker_partition').addColumn('lease_epoch', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('broker_partition').dropColumn('lease_epoch').execute();
}
