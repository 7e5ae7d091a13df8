import path from 'node:path';
import { z } from 'zod';

/** Every setting of the server, its default and its meaning: the README's table mirrors this. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  ENCRYPTION: z.enum(['off', 'login', 'all']).default('off'),
  DEMO_DATA: z.enum(['0', '1']).default('1'),
  // `info` adds a line per request; the default keeps the console to the start-up banner and problems.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().optional(),
  JT808_PORT: z.coerce.number().int().min(0).max(65535).default(6808),
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(60).default(14),
  SIMULATOR: z.enum(['0', '1']).default('1'),
  JT808_AUTO_REGISTER: z.enum(['0', '1']).default('0'),
  JT808_IDLE_SECONDS: z.coerce.number().int().positive().default(300),
  // AMap web-service key: address search and reverse geocoding ask AMap first, the shipped gazetteer otherwise.
  AMAP_WEB_KEY: z.string().optional(),
  // Where the AMap web service answers; tests point it at a local server.
  AMAP_BASE_URL: z.url().default('https://restapi.amap.com'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise an SQLite file in dataDir. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  sessionTtlMs: number;
  loginMaxFailures: number;
  loginWindowMs: number;
  encryption: 'off' | 'login' | 'all';
  demoData: boolean;
  logLevel: string;
  /** The built console; served at / when it exists. */
  webDist: string | undefined;
  jt808Port: number;
  /** Days of simulated history the first start loads with the demo dataset. */
  demoHistoryDays: number;
  /** Keep the demo fleet reporting live while the console runs. */
  simulator: boolean;
  jt808AutoRegister: boolean;
  jt808IdleMs: number;
  /** AMap web-service key; without one, addresses come from the offline gazetteer only. */
  amapKey: string | undefined;
  amapBaseUrl: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    sqliteFile: path.join(dataDir, 'cvrisk.db'),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    encryption: e.ENCRYPTION,
    demoData: e.DEMO_DATA === '1',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    jt808Port: e.JT808_PORT,
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    simulator: e.SIMULATOR === '1',
    jt808AutoRegister: e.JT808_AUTO_REGISTER === '1',
    jt808IdleMs: e.JT808_IDLE_SECONDS * 1000,
    amapKey: e.AMAP_WEB_KEY || undefined,
    amapBaseUrl: e.AMAP_BASE_URL.replace(/\/+$/, ''),
  };
}
