import { sql, type Kysely } from 'kysely';

/**
 * Indexes of the home page's statistics, so they stay in milliseconds on a million warnings. Each
 * covers its query: the count reads the index alone, never the warning rows.
 */
const INDEXES: { name: string; table: string; columns: string[]; openAlarms?: boolean }[] = [
  // Day series, today's count and this week's list: platform-wide, and per department.
  { name: 'warning_time_level', table: 'warning', columns: ['warning_time', 'risk_level'] },
  { name: 'warning_dept_time_level', table: 'warning', columns: ['dept_id', 'warning_time', 'risk_level'] },
  // Unhandled warnings (by type, with customers, level and newest time): deal_status first so both
  // the platform-wide and the per-department query read only the open rows' entries.
  { name: 'warning_status_dept_type', table: 'warning', columns: ['deal_status', 'dept_id', 'warning_type', 'risk_level', 'customer_id', 'warning_time'] },
  // Handled today: per department, and platform-wide.
  { name: 'warning_dept_deal_time', table: 'warning', columns: ['dept_id', 'deal_time'] },
  { name: 'warning_deal_time', table: 'warning', columns: ['deal_time'] },
  { name: 'device_alarm_start', table: 'device_alarm', columns: ['start_time'] },
  { name: 'device_alarm_open_dept', table: 'device_alarm', columns: ['dept_id'], openAlarms: true },
  { name: 'customer_dept_grade', table: 'customer', columns: ['dept_id', 'grade'] },
  { name: 'car_dept_province', table: 'car', columns: ['dept_id', 'region_province'] },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const i of INDEXES) {
    let index = db.schema.createIndex(i.name).on(i.table).columns(i.columns);
    // Alarms still on are few: a partial index keeps only them.
    if (i.openAlarms) index = index.where(sql.ref('end_time'), 'is', null);
    await index.execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of INDEXES) await db.schema.dropIndex(i.name).ifExists().execute();
}
