import { sql, type Kysely } from 'kysely';
import { TIME } from '../dialect.js';

/**
 * Device stock (issue 18). A device is retired, not deleted: its positions, warnings and alarms stay
 * attached to it. The stock screen's first page is one department subtree in one state, newest first:
 * in stock is found by `device_car` (car_id is null), installed and all by `device_dept`, and retired —
 * few rows scattered over all ids — by a partial index of just those rows by (department, id), so the
 * page and its counts never scan the fleet. ICCIDs are looked up by the import (a SIM card is in one device). `device:stock` goes to the roles that
 * manage an institution, as 017 did for the audit log.
 */
const COLUMNS: [string, typeof TIME | 'varchar(64)' | 'varchar(100)'][] = [
  ['retired_at', TIME],
  ['retired_by', 'varchar(64)'],
  ['retire_reason', 'varchar(100)'],
];
const GRANTED_TO = ['platformAdmin', 'financeManager'];
const PERMISSION = 'device:stock';

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type] of COLUMNS) await db.schema.alterTable('device').addColumn(name, type).execute();
  await db.schema.createIndex('device_retired').on('device').columns(['dept_id', 'id']).where(sql.ref('retired_at'), 'is not', null).execute();
  await db.schema.createIndex('device_iccid').on('device').column('iccid').execute();

  const roles = (await db.selectFrom('role').select(['id', 'permissions']).where('code', 'in', GRANTED_TO).execute()) as { id: number; permissions: string }[];
  for (const role of roles) {
    const held = JSON.parse(role.permissions) as string[];
    if (held.includes(PERMISSION)) continue;
    await db.updateTable('role').set({ permissions: JSON.stringify([...held, PERMISSION]) }).where('id', '=', role.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const roles = (await db.selectFrom('role').select(['id', 'permissions']).execute()) as { id: number; permissions: string }[];
  for (const role of roles) {
    const held = JSON.parse(role.permissions) as string[];
    if (!held.includes(PERMISSION)) continue;
    await db.updateTable('role').set({ permissions: JSON.stringify(held.filter((p) => p !== PERMISSION)) }).where('id', '=', role.id).execute();
  }
  for (const name of ['device_iccid', 'device_retired']) await db.schema.dropIndex(name).execute();
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('device').dropColumn(name).execute();
}
