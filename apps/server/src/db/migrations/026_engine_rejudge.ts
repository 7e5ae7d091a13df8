import type { Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/**
 * Late data judged in time order (issue 30). `engine_checkpoint`: each device's engine memory as it
 * stood before the first fix of each local day, kept for the re-judging window, so fixes that arrive
 * late are judged again from the day they belong to. `engine_pending`: devices whose late fixes wait
 * for that, written in the same transaction as the fixes, so a crash does not forget them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('engine_checkpoint')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('engine_checkpoint_pk', ['device_id', 'day'])
    .execute();
  await db.schema.createIndex('engine_checkpoint_day').on('engine_checkpoint').column('day').execute();
  await db.schema.createTable('engine_pending')
    .addColumn('device_id', 'integer', (c) => c.primaryKey())
    .addColumn('from_time', TIME, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('engine_pending').execute();
  await db.schema.dropTable('engine_checkpoint').execute();
}
