import type { Kysely } from 'kysely';

/**
 * Indexes of the risk-warning list, so a page and its count stay fast on a million warnings.
 * (dept_id, warning_time), (deal_status, warning_time) and (device_id, warning_type, deal_status)
 * exist since 001; these add the other orders and filters the list offers.
 */
const INDEXES = [
  // Platform staff, no filter: newest first with the id as tie-break, read straight off the index.
  { name: 'warning_time_id', columns: ['warning_time', 'id'] },
  // A dealer's unhandled (or handled) warnings, newest first: the screen's most common question.
  { name: 'warning_dept_status_time', columns: ['dept_id', 'deal_status', 'warning_time'] },
  { name: 'warning_type_time', columns: ['warning_type', 'warning_time'] },
  { name: 'warning_level_time', columns: ['risk_level', 'warning_time'] },
  // Device number filter and findByDeviceNumberAndWarningType: a device's warnings by time.
  { name: 'warning_device_time', columns: ['device_id', 'warning_time'] },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const i of INDEXES) await db.schema.createIndex(i.name).on('warning').columns(i.columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of INDEXES) await db.schema.dropIndex(i.name).ifExists().execute();
}
