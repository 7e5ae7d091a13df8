import type { Kysely } from 'kysely';
import { SEEDED_CONTROL_MAPPING } from '../../telemetry/commands/seeded-control-mapping.js';
import { idColumn, TIME } from '../dialect.js';

/**
 * Recovery and remote immobilisation (issue 32).
 * - `recovery_case` (+ its cars, its history): one repossession, kept in the cars' department (`dept_id`,
 *   how an institution and a dealer see it) and assigned to a recovery company (`team_dept_id`, how
 *   that company sees it). The timers' moments are columns so the list sorts and counts without the history.
 * - `recovery_link` (+ its openings): field links; only the token's SHA-256 is stored.
 * - `control_mapping`: per device model, how it is immobilised (seeded with the demo's wired models).
 * - `control_request`: the rule of two; `command_id` is the device_command that carried it out.
 * The new permissions go to the built-in roles of an existing database, and the recovery agent's
 * built-in role is added there (a new database gets it from setup).
 */
const GRANTS: Record<string, readonly string[]> = {
  platformAdmin: ['recovery:view', 'recovery:manage', 'recovery:field', 'recovery:link', 'vehicle:control'],
  financeManager: ['recovery:view', 'recovery:manage', 'recovery:field', 'recovery:link', 'vehicle:control'],
  financeOperator: ['recovery:view', 'recovery:manage', 'recovery:link'],
  dealerStaff: ['recovery:view'],
};
const AGENT = { code: 'recoveryAgent', name: '追车专员', name_en: 'Recovery agent', permissions: ['recovery:view', 'recovery:field', 'recovery:link'] };

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('recovery_case')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('finance_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('team_dept_id', 'integer', (c) => c.references('dept.id'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('warning_id', 'integer')
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('opened_by', 'integer', (c) => c.references('app_user.id'))
    .addColumn('opened_at', TIME, (c) => c.notNull())
    .addColumn('assigned_at', TIME)
    .addColumn('first_found_at', TIME)
    .addColumn('recovered_at', TIME)
    .addColumn('closed_at', TIME)
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_case_dept').on('recovery_case').columns(['dept_id', 'opened_at']).execute();
  await db.schema.createIndex('recovery_case_team').on('recovery_case').columns(['team_dept_id', 'state']).execute();
  await db.schema.createIndex('recovery_case_customer').on('recovery_case').columns(['customer_id']).execute();

  await db.schema.createTable('recovery_case_car')
    .addColumn('case_id', 'integer', (c) => c.notNull().references('recovery_case.id'))
    .addColumn('car_id', 'integer', (c) => c.notNull().references('car.id'))
    .addPrimaryKeyConstraint('recovery_case_car_pk', ['case_id', 'car_id'])
    .execute();
  await db.schema.createIndex('recovery_case_car_car').on('recovery_case_car').columns(['car_id']).execute();

  await db.schema.createTable('recovery_case_event')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('recovery_case.id'))
    .addColumn('at', TIME, (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('app_user.id'))
    .addColumn('action', 'varchar(24)', (c) => c.notNull())
    .addColumn('from_state', 'varchar(16)')
    .addColumn('to_state', 'varchar(16)')
    .addColumn('reason', 'varchar(300)')
    .execute();
  await db.schema.createIndex('recovery_case_event_case').on('recovery_case_event').columns(['case_id', 'id']).execute();

  await db.schema.createTable('recovery_link')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('recovery_case.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id'))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('revoked_at', TIME)
    .addColumn('revoked_by', 'integer', (c) => c.references('app_user.id'))
    .execute();
  await db.schema.createIndex('recovery_link_case').on('recovery_link').columns(['case_id']).execute();

  await db.schema.createTable('recovery_link_open')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('link_id', 'integer', (c) => c.notNull().references('recovery_link.id'))
    .addColumn('at', TIME, (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_link_open_link').on('recovery_link_open').columns(['link_id', 'at']).execute();

  await db.schema.createTable('control_mapping')
    .addColumn('model', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('cut_code', 'integer')
    .addColumn('restore_code', 'integer')
    .addColumn('control_type_id', 'integer')
    .addColumn('cut_text', 'varchar(100)')
    .addColumn('restore_text', 'varchar(100)')
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  const now = Date.now();
  await db.insertInto('control_mapping').values(SEEDED_CONTROL_MAPPING.map((r) => ({ ...r, updated_at: now }))).execute();

  await db.schema.createTable('control_request')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('recovery_case.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('finance_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('model', 'varchar(40)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('action', 'varchar(8)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('requested_at', TIME, (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('app_user.id'))
    .addColumn('decided_at', TIME)
    .addColumn('decision_note', 'varchar(200)')
    .addColumn('hold_reason', 'varchar(100)')
    .addColumn('command_id', 'integer', (c) => c.references('device_command.id'))
    .addColumn('sent_at', TIME)
    .addColumn('answered_at', TIME)
    .addColumn('answer', 'varchar(200)')
    .execute();
  await db.schema.createIndex('control_request_case').on('control_request').columns(['case_id', 'id']).execute();
  // The sweep reads held and sent requests; the approver's queue pending ones of an institution.
  await db.schema.createIndex('control_request_state').on('control_request').columns(['state', 'finance_id']).execute();

  const roles = (await db.selectFrom('role').select(['id', 'code', 'permissions']).where('code', 'in', Object.keys(GRANTS)).execute()) as { id: number; code: string; permissions: string }[];
  for (const role of roles) {
    const held = JSON.parse(role.permissions) as string[];
    const added = GRANTS[role.code]!.filter((p) => !held.includes(p));
    if (added.length > 0) await db.updateTable('role').set({ permissions: JSON.stringify([...held, ...added]) }).where('id', '=', role.id).execute();
  }
  const platform = (await db.selectFrom('dept').select('id').where('kind', '=', 'platform').orderBy('id').executeTakeFirst()) as { id: number } | undefined;
  const agent = await db.selectFrom('role').select('id').where('code', '=', AGENT.code).executeTakeFirst();
  if (platform && !agent) {
    await db.insertInto('role').values({ ...AGENT, permissions: JSON.stringify(AGENT.permissions), dept_id: platform.id }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['control_request', 'control_mapping', 'recovery_link_open', 'recovery_link', 'recovery_case_event', 'recovery_case_car', 'recovery_case']) {
    await db.schema.dropTable(t).execute();
  }
  await db.deleteFrom('role').where('code', '=', AGENT.code).execute();
  const roles = (await db.selectFrom('role').select(['id', 'permissions']).execute()) as { id: number; permissions: string }[];
  const all = new Set(Object.values(GRANTS).flat());
  for (const role of roles) {
    const held = JSON.parse(role.permissions) as string[];
    if (held.some((p) => all.has(p))) await db.updateTable('role').set({ permissions: JSON.stringify(held.filter((p) => !all.has(p))) }).where('id', '=', role.id).execute();
  }
}
