import { sql, type Kysely } from 'kysely';
import { idColumn, TIME } from '../dialect.js';

/**
 * Customers, loans and loan fraud (issue 14): who flagged a customer and why, the engine's
 * suggestions with their evidence, the audit trail of both, the amount overdue, and the unhandled-warning count the customer lists sort by.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.alterTable('customer').addColumn('fraud_reason', 'varchar(200)').execute();
  await s.alterTable('customer').addColumn('fraud_by', 'integer').execute();
  await s.alterTable('customer').addColumn('fraud_at', TIME).execute();
  // Kept with the grade, by the same recompute, so a list sorts 200,000 customers by an index.
  await s.alterTable('customer').addColumn('unhandled_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update customer set unhandled_count = (select count(*) from warning w where w.customer_id = customer.id and w.deal_status = 0)`.execute(db);

  // The risk-customer list's default order (grade, unhandled warnings, newest), so page 1 of 200,000
  // customers reads a few index entries instead of sorting them all; the department last, so the
  // scope is checked in the index.
  await sql`create index customer_list_order on customer ((case grade when 'high' then 1 when 'potential' then 2 else 3 end), unhandled_count desc, created_at desc, id desc, dept_id)`.execute(db);
  await s.alterTable('loan').addColumn('overdue_amount_cents', TIME, (c) => c.notNull().defaultTo(0)).execute();
  await s.alterTable('loan').addColumn('updated_at', TIME, (c) => c.notNull().defaultTo(0)).execute();
  // Loans loaded before amounts overdue were: the instalments missed (amount ÷ term × whole months late).
  await sql`update loan set overdue_amount_cents = (amount_cents / term_months) * ((overdue_days + 29) / 30) where overdue_days > 0 and term_months > 0`.execute(db);
  await s.createIndex('loan_dept_overdue').on('loan').columns(['dept_id', 'overdue_days']).execute();
  await s.createIndex('customer_id_card').on('customer').columns(['id_card']).execute();

  // One per (device, warning type): "each once" (issue 14); the evidence is the warning.
  await s.createTable('loan_fraud_suggestion').addColumn('id', 'integer', idColumn(db))
    .addColumn('dept_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('warning_id', 'integer', (c) => c.notNull())
    .addColumn('warning_type', 'integer', (c) => c.notNull())
    .addColumn('event_time', TIME, (c) => c.notNull())
    .addColumn('install_time', TIME, (c) => c.notNull())
    .addColumn('place', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', TIME)
    .addColumn('reason', 'varchar(200)')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('loan_fraud_suggestion_once').on('loan_fraud_suggestion').columns(['device_id', 'warning_type']).unique().execute();
  await s.createIndex('loan_fraud_suggestion_dept').on('loan_fraud_suggestion').columns(['dept_id', 'state', 'id']).execute();
  await s.createIndex('loan_fraud_suggestion_customer').on('loan_fraud_suggestion').columns(['customer_id']).execute();

  // Append-only: flags, unflags and verdicts on suggestions, never changed or deleted by the product.
  await s.createTable('loan_fraud_event').addColumn('id', 'integer', idColumn(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('suggestion_id', 'integer')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('loan_fraud_event_customer').on('loan_fraud_event').columns(['customer_id', 'id']).execute();

}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['loan_fraud_event', 'loan_fraud_suggestion']) await db.schema.dropTable(t).ifExists().execute();
  await db.schema.dropIndex('customer_id_card').ifExists().execute();
  await db.schema.dropIndex('customer_list_order').ifExists().execute();
  await db.schema.dropIndex('loan_dept_overdue').ifExists().execute();
  for (const c of ['updated_at', 'overdue_amount_cents']) await db.schema.alterTable('loan').dropColumn(c).execute();
  for (const c of ['unhandled_count', 'fraud_at', 'fraud_by', 'fraud_reason']) await db.schema.alterTable('customer').dropColumn(c).execute();
}
