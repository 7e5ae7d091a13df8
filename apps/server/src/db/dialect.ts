import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/** The few places where SQLite and PostgreSQL differ live here and nowhere else. */
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** Auto-increment primary key: no portable Kysely form exists. */
export function idColumn(db: Kysely<any>) {
  const sqlite = isSqlite(db);
  return (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
}

/** Epoch milliseconds need 64 bits; SQLite's integer already is. */
export const TIME = 'bigint' as const;
