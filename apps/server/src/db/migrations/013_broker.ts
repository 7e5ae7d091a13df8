import type { Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/**
 * Scale mode (NATS JetStream): which worker owns which partition of the position stream, up to which
 * stream sequence its positions are committed, and which workers are alive.
 *
 * The offset lives here rather than in a durable JetStream consumer because the worker writes it in
 * the same transaction as the positions it covers: a crash can never leave positions committed without
 * their offset (replayed twice) or the offset without its positions (lost).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.createTable('broker_partition')
    .addColumn('partition', 'integer', (c) => c.primaryKey())
    /** Null when nobody holds it (never claimed, or released on a clean stop or a rebalance). */
    .addColumn('owner', 'varchar(100)')
    .addColumn('lease_until', TIME, (c) => c.notNull().defaultTo(0))
    .addColumn('committed_seq', TIME, (c) => c.notNull().defaultTo(0))
    .execute();

  // A worker that holds no partition yet must still count for the fair share, or it would never get one.
  await s.createTable('broker_worker')
    .addColumn('owner', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('seen_until', TIME, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('broker_worker').ifExists().execute();
  await db.schema.dropTable('broker_partition').ifExists().execute();
}
