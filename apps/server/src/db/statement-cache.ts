import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Compiled statements kept per connection; the app runs a few hundred distinct texts. */
const MAX_STATEMENTS = 500;

/**
 * The connection as Kysely sees it, with its compiled statements kept. Kysely prepares every query
 * it runs, and better-sqlite3 compiles on every prepare — an eighth of a customer-list request's
 * CPU went to compiling the same SQL again. A statement still being iterated (a streamed read) is
 * busy and cannot run twice at once, so a second use meanwhile gets a fresh one.
 */
export function withStatementCache(sqlite: Database.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const hit = kept.get(sql);
      if (hit && !hit.busy) {
        // Least recently used goes first: move this one to the end.
        kept.delete(sql);
        kept.set(sql, hit);
        return hit;
      }
      const statement = sqlite.prepare(sql);
      if (!hit) {
        kept.set(sql, statement);
        if (kept.size > max) kept.delete(kept.keys().next().value!);
      }
      return statement;
    },
  };
}
