import type Database from 'better-sqlite3';

/** How often a synchronous writer looks again whether the connection's open transaction has ended. */
const TRANSACTION_POLL_MS = 2;

/**
 * Resolves once no transaction is open on the connection. Kysely's transactions await between their
 * statements (an import checks its rows in between); a synchronous write made then would join that
 * transaction and be lost, already acknowledged, if it rolled back.
 */
export async function outsideTransactions(sqlite: Database.Database): Promise<void> {
  while (sqlite.inTransaction) await new Promise((resolve) => setTimeout(resolve, TRANSACTION_POLL_MS));
}
