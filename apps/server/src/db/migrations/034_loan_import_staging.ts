import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

/**
 * The 100,000-row loan import in short transactions (issue 33): each checked loan is staged here as
 * JSON under its job and sheet row (`seq`) while the sheet is checked, then published into customers,
 * loans and cars a few hundred rows per transaction, each chunk's staged rows deleted in the same
 * transaction that publishes them and moves the job's `processed` count. What is staged is thus
 * exactly what is left to publish, and a crash resumes from it. `longest_write_ms`: the longest write
 * transaction the import held, the figure its target is stated in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema.createTable('loan_import_row')
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('loan', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('loan_import_row_pk', ['job_id', 'seq']);
  // Read and deleted by key range only: the key is the row's place, with no rowid index beside it.
  if (isSqlite(db)) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await db.schema.alterTable('loan_import').addColumn('longest_write_ms', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loan_import').dropColumn('longest_write_ms').execute();
  await db.schema.dropTable('loan_import_row').ifExists().execute();
}
