import type { Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/**
 * Expected registration (issue 28). A terminal registers only inside a window the product opened for
 * it — its stock import or transfer, its install order being worked, an administrator's reset — and,
 * when the stock import recorded the terminal's id, only with that id. Refused attempts are counted
 * on the device, like invalid positions. No window is opened for devices already here: a device that
 * never registered waits for an administrator (开放注册 on 设备列表) rather than being claimable by
 * whoever connects first after the upgrade.
 */
const COLUMNS: [string, typeof TIME | 'varchar(16)' | 'varchar(30)' | 'varchar(40)'][] = [
  ['register_open_until', TIME],
  ['register_opened_for', 'varchar(16)'],
  ['terminal_id', 'varchar(30)'],
  ['last_register_refused_at', TIME],
  ['last_register_refused_reason', 'varchar(40)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type] of COLUMNS) await db.schema.alterTable('device').addColumn(name, type).execute();
  await db.schema.alterTable('device').addColumn('register_refusals', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device').dropColumn('register_refusals').execute();
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('device').dropColumn(name).execute();
}
