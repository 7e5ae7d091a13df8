import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import * as m001 from './migrations/001_domain.js';
import * as m002 from './migrations/002_telemetry.js';
import * as m003 from './migrations/003_engine.js';
import * as m004 from './migrations/004_warning_list.js';
import * as m005 from './migrations/005_push.js';
import * as m006 from './migrations/006_home.js';
import * as m007 from './migrations/007_terminal_identity.js';
import * as m008 from './migrations/008_handling_phrases.js';
import * as m009 from './migrations/009_customers.js';
import * as m010 from './migrations/010_loan_import.js';
import * as m011 from './migrations/011_driving.js';
import * as m012 from './migrations/012_dispatch.js';
import * as m013 from './migrations/013_broker.js';
import * as m014 from './migrations/014_broker_epoch.js';
import * as m015 from './migrations/015_push_once.js';
import * as m016 from './migrations/016_position_by_day.js';
import * as m017 from './migrations/017_audit_permission.js';
import * as m018 from './migrations/018_audit_log.js';
import * as m019 from './migrations/019_integration_revoke.js';
import * as m020 from './migrations/020_account.js';
import * as m021 from './migrations/021_dept_admin.js';
import * as m022 from './migrations/022_user_admin.js';
import * as m023 from './migrations/023_device_stock.js';
import * as m024 from './migrations/024_registration_window.js';
import * as m025 from './migrations/025_institution_settings.js';
import * as m026 from './migrations/026_engine_rejudge.js';
import * as m027 from './migrations/027_alarm_mapping.js';
import * as m028 from './migrations/028_heard_at.js';
import * as m029 from './migrations/029_push_in_app.js';
import * as m030 from './migrations/030_offline_move.js';
import * as m031 from './migrations/031_recovery.js';
import * as m032 from './migrations/032_derive_mark.js';
import * as m033 from './migrations/033_daily_figure_index.js';
import * as m034 from './migrations/034_loan_import_staging.js';
import type { DB } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type Db = Kysely<DB>;

export type DatabaseHandle = {
  db: Db;
  /**
   * For long reads (exports). On SQLite a second, read-only connection with a small page cache, so a
   * million-row export neither grows the server by the main cache's 128 MB nor evicts the pages ingest
   * is working on; on PostgreSQL the same pool.
   */
  bulk: Db;
  kind: 'sqlite' | 'postgres';
  /** The SQLite connection itself, for the telemetry hot path's prepared statements. */
  sqlite?: Database.Database;
  close(): Promise<void>;
};

/** Registered in order; a static list keeps the build free of file-system discovery. */
const migrations: Record<string, Migration> = {
  '001_domain': m001, '002_telemetry': m002, '003_engine': m003, '004_warning_list': m004, '005_push': m005, '006_home': m006,
  '007_terminal_identity': m007, '008_handling_phrases': m008, '009_customers': m009, '010_loan_import': m010, '011_driving': m011,
  '012_dispatch': m012, '013_broker': m013, '014_broker_epoch': m014, '015_push_once': m015, '016_position_by_day': m016,
  '017_audit_permission': m017, '018_audit_log': m018, '019_integration_revoke': m019,
  '020_account': m020,
  '021_dept_admin': m021,
  '022_user_admin': m022,
  '023_device_stock': m023,
  '024_registration_window': m024,
  '025_institution_settings': m025,
  '026_engine_rejudge': m026,
  '027_alarm_mapping': m027,
  '028_heard_at': m028,
  '029_push_in_app': m029,
  '030_offline_move': m030,
  '031_recovery': m031,
  '032_derive_mark': m032,
  '033_daily_figure_index': m033,
  '034_loan_import_staging': m034,
};

/** Every migration this build knows, in order: a database is ready for it once all are applied (ops/health-checks.ts). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

// pg hands back int8 and numeric as strings; every such column here holds safe integers or money.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** The writer's own checkpoint (pages); the server moves checkpoints to a thread of their own (wal-checkpointer.ts). */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;

/** `pgSchema` puts every table of this handle in one PostgreSQL schema (tests use a fresh one each). */
export function openDatabase(opts: { databaseUrl?: string; sqliteFile: string; pgSchema?: string }): DatabaseHandle {
  if (opts.databaseUrl) {
    const options = opts.pgSchema ? `-c search_path=${opts.pgSchema}` : undefined;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, bulk: db, kind: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  const sqlite = new Database(opts.sqliteFile);
  // WAL lets readers run beside the writer; NORMAL sync is durable against process crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Positions of hundreds of terminals land on as many B-tree leaves at once; the 2 MB default cache thrashes.
  sqlite.pragma('cache_size = -131072');
  // Single-fix reports rewrite the same status, daily and track-state pages many times a second: a
  // checkpoint every 10,000 WAL pages (40 MB) copies each of them once, not once per 1,000 pages.
  sqlite.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  sqlite.pragma('mmap_size = 268435456');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const reader = new Database(opts.sqliteFile, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  reader.pragma('cache_size = -8192');
  const bulk = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(reader) }) });
  return {
    db, bulk, kind: 'sqlite', sqlite,
    close: async () => {
      await bulk.destroy();
      await db.destroy();
    },
  };
}

/**
 * The schema a PostgreSQL URL puts its tables in (`?options=-c search_path=<schema>`), for the
 * migrator; none when the URL leaves the server's default.
 */
export function schemaInUrl(databaseUrl: string | undefined): string | undefined {
  if (!databaseUrl) return undefined;
  const options = URL.canParse(databaseUrl) ? new URL(databaseUrl).searchParams.get('options') : null;
  return options?.match(/search_path\s*=\s*([A-Za-z_][A-Za-z0-9_]*)/)?.[1];
}

/**
 * A PostgreSQL session lock held around every migration run and every removal of a schema, across
 * the whole database. Kysely locks the migrations themselves, but first looks for its bookkeeping
 * tables by reading the catalog of every schema, outside its lock: a schema or table dropped by
 * another process at that moment (a test's schema removed, migration 016 replacing `position`, two
 * scale-mode processes starting together) failed that read with "schema … does not exist".
 */
export const SCHEMA_CHANGE_LOCK = 7_243_118_530;

/** Runs `work` while this database's schema-change lock is held on one of `db`'s connections. */
export async function withSchemaChangeLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_CHANGE_LOCK})`.execute(conn);
    }
  });
}

/**
 * `pgSchema` must name the schema the handle uses: Kysely looks for its bookkeeping tables across
 * every schema, and would otherwise find another schema's.
 */
export async function migrateToLatest(db: Db, pgSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const { error, results } = onPostgres ? await withSchemaChangeLock(db, () => migrator.migrateToLatest()) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
