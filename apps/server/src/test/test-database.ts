import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, SCHEMA_CHANGE_LOCK, type DatabaseHandle } from '../db/database.js';

/**
 * A migrated, empty database for one test file: an SQLite file in a temp dir, or, when
 * TEST_DATABASE_URL is set, a fresh schema in that PostgreSQL database, dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-test-'));
    const handle = openDatabase({ sqliteFile: path.join(dir, 'test.db') });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = await createEmptySchema(url);
  const handle = openDatabase({ databaseUrl: url, sqliteFile: '', pgSchema: schema });
  await migrateToLatest(handle.db, schema);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropSchema(url, schema);
    },
  };
}

/** A fresh, empty schema in the PostgreSQL database `url` names (not migrated: for processes that migrate it themselves). */
export async function createEmptySchema(url: string): Promise<string> {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return schema;
}

/** The URL of `url`'s database with every table in `schema`, as a deployment names its own (deploy.md). */
export const urlWithSchema = (url: string, schema: string) => `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

export async function dropSchema(url: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  // Under the lock migrations hold: another file's migration reads every schema's catalog.
  await c.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
  await c.query(`drop schema ${schema} cascade`);
  await c.end();
}
