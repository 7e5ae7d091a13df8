import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { HttpTimeouts } from './lib/http-server-options.js';
import { parseAllowedHosts, type AllowedHost } from './lib/outbound-guard.js';
import { parseTrustProxy } from './lib/trust-proxy.js';
import type { GatewayLimits } from './telemetry/gateway/gateway.js';

/** Every setting of the server, its default and its meaning: the README's table mirrors this. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  // Node's guards against clients that hold a connection without using it (Fastify leaves all but
  // keep-alive off): the whole request head within HEADERS (slowloris), head and body within REQUEST, a
  // kept-alive connection reused within KEEPALIVE, and no socket silent both ways for longer than IDLE.
  // None of them cuts a long download or the event stream, whose request was received long before.
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  HTTP_KEEPALIVE_SECONDS: z.coerce.number().positive().default(72),
  HTTP_IDLE_SECONDS: z.coerce.number().positive().default(120),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  // Per address, across accounts: high enough for an office behind one NAT, low enough to stop spraying one password over many accounts.
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  // Proxies whose X-Forwarded-For names the client: addresses and CIDR ranges, comma-separated; off when empty.
  TRUST_PROXY: z.string().default('').transform(parseTrustProxy),
  ENCRYPTION: z.enum(['off', 'login', 'all']).default('off'),
  DEMO_DATA: z.enum(['0', '1']).default('1'),
  // `info` adds a line per request; the default keeps the console to the start-up banner and problems.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().optional(),
  // The API document and its Swagger UI at /api/docs: public (they describe the calls, not data); `off` leaves them out.
  API_DOCS: z.enum(['on', 'off']).default('on'),
  JT808_PORT: z.coerce.number().int().min(0).max(65535).default(6808),
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(60).default(14),
  SIMULATOR: z.enum(['0', '1']).default('1'),
  JT808_AUTO_REGISTER: z.enum(['0', '1']).default('0'),
  JT808_IDLE_SECONDS: z.coerce.number().int().positive().default(300),
  // Default: what the process's open-file limit leaves once HTTP clients and the database have theirs.
  JT808_MAX_CONNECTIONS: z.coerce.number().int().positive().optional(),
  JT808_AUTH_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(30),
  JT808_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(30),
  JT808_ADDRESS_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(10),
  JT808_REASSEMBLY_CONNECTION_KB: z.coerce.number().int().positive().default(256),
  JT808_REASSEMBLY_TOTAL_MB: z.coerce.number().int().positive().default(64),
  // An installed order whose fitted device has not reported within this many hours is abnormal (server-behaviour §10).
  ORDER_SILENT_HOURS: z.coerce.number().positive().default(24),
  // How often installed orders are checked against their devices' reports.
  ORDER_SWEEP_SECONDS: z.coerce.number().positive().default(60),
  // Which part of the platform this process runs: `all` (one process, the default), or in scale mode
  // `gateway` (JT/T 808 terminals), `worker` (positions into the database, the risk engine) or `api` (the console, HTTP ingest).
  ROLE: z.enum(['all', 'gateway', 'worker', 'api']).default('all'),
  // Scale mode's broker: NATS with JetStream (positions from gateways to workers, live events, commands).
  NATS_URL: z.string().optional(),
  // Partitions of the position stream, fixed for the stream's life: at least the most workers ever run.
  NATS_PARTITIONS: z.coerce.number().int().min(1).max(1024).default(16),
  // Names of this platform's stream and subjects on a NATS that several platforms (staging, production) share.
  NATS_PREFIX: z.string().regex(/^[a-z][a-z0-9_]{0,30}$/, 'lowercase letters, digits and _ only, starting with a letter').default('cvrisk'),
  // Copies of the position stream on a NATS cluster (3 survives one server's loss); a single server holds 1.
  NATS_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  // A worker that stops renewing its partitions loses them after this long; the others take them over.
  WORKER_LEASE_SECONDS: z.coerce.number().positive().default(10),
  // AMap web-service key: address search and reverse geocoding ask AMap first, the shipped gazetteer otherwise.
  AMAP_WEB_KEY: z.string().optional(),
  // Where the AMap web service answers; tests point it at a local server.
  AMAP_BASE_URL: z.url().default('https://restapi.amap.com'),
  // Hosts webhooks may reach although they are internal (an institution's intranet receiver): `name`, `ip`, `host:port`, `[v6]:port`, comma-separated.
  WEBHOOK_ALLOWED_HOSTS: z.string().default('').transform((text, ctx) => {
    try {
      return parseAllowedHosts(text);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  }),
}).refine((e) => e.ROLE === 'all' || (e.DATABASE_URL && e.NATS_URL), {
  path: ['ROLE'],
  message: 'gateway, worker and api processes share PostgreSQL (DATABASE_URL) and NATS JetStream (NATS_URL): set both',
}).refine((e) => e.HTTP_HEADERS_TIMEOUT_SECONDS <= e.HTTP_REQUEST_TIMEOUT_SECONDS, {
  // Node refuses to start otherwise: the head is part of the request.
  path: ['HTTP_HEADERS_TIMEOUT_SECONDS'],
  message: 'must not exceed HTTP_REQUEST_TIMEOUT_SECONDS',
});

export type Config = {
  port: number;
  /** Time-outs of the HTTP connections (console and API). */
  http: HttpTimeouts;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise an SQLite file in dataDir. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  sessionTtlMs: number;
  loginMaxFailures: number;
  loginWindowMs: number;
  loginMaxFailuresPerAddress: number;
  /** Fastify's `trustProxy`: the proxies whose X-Forwarded-For gives `request.ip`; false: the socket's address. */
  trustProxy: string[] | false;
  encryption: 'off' | 'login' | 'all';
  demoData: boolean;
  logLevel: string;
  /** The built console; served at / when it exists. */
  webDist: string | undefined;
  /** Serve the API document at /api/docs. */
  apiDocs: boolean;
  jt808Port: number;
  /** Days of simulated history the first start loads with the demo dataset. */
  demoHistoryDays: number;
  /** Keep the demo fleet reporting live while the console runs. */
  simulator: boolean;
  jt808AutoRegister: boolean;
  jt808IdleMs: number;
  jt808Limits: GatewayLimits;
  /** AMap web-service key; without one, addresses come from the offline gazetteer only. */
  amapKey: string | undefined;
  amapBaseUrl: string;
  /** Webhook targets let through although loopback, private or reserved; matched on the URL's host as written. */
  webhookAllowedHosts: AllowedHost[];
  /** Install orders: how long a fitted device may stay silent, and how often that is checked. */
  orderSilentMs: number;
  orderSweepMs: number;
  role: 'all' | 'gateway' | 'worker' | 'api';
  /** Scale mode: the broker, the position stream's partitions and a worker's lease. */
  natsUrl: string | undefined;
  natsPartitions: number;
  natsPrefix: string;
  natsReplicas: number;
  workerLeaseMs: number;
};

/** The soft limit on open files (Node raises it to the hard limit at start); null where it cannot be read. */
export function openFileLimit(): number | null {
  try {
    const line = fs.readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) && soft > 0 ? soft : null;
  } catch {
    return null;
  }
}

/**
 * Terminal connections the gateway takes by default: a fifth of the file limit (at least 256) stays
 * for HTTP clients, the database and log files. Without a readable limit, the Linux default of 1,024 is assumed.
 */
export function defaultMaxConnections(limit: number | null): number {
  const files = limit ?? 1024;
  return Math.max(64, files - Math.max(256, Math.floor(files / 5)));
}

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
    http: {
      headersMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.HTTP_KEEPALIVE_SECONDS * 1000,
      idleMs: e.HTTP_IDLE_SECONDS * 1000,
    },
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    sqliteFile: path.join(dataDir, 'cvrisk.db'),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    loginMaxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    trustProxy: e.TRUST_PROXY,
    encryption: e.ENCRYPTION,
    demoData: e.DEMO_DATA === '1',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    apiDocs: e.API_DOCS === 'on',
    jt808Port: e.JT808_PORT,
    demoHistoryDays: e.DEMO_HISTORY_DAYS,
    simulator: e.SIMULATOR === '1',
    jt808AutoRegister: e.JT808_AUTO_REGISTER === '1',
    jt808IdleMs: e.JT808_IDLE_SECONDS * 1000,
    jt808Limits: {
      maxConnections: e.JT808_MAX_CONNECTIONS ?? defaultMaxConnections(openFileLimit()),
      authTimeoutMs: e.JT808_AUTH_TIMEOUT_SECONDS * 1000,
      addressMaxFailures: e.JT808_ADDRESS_MAX_FAILURES,
      addressFailureWindowMs: e.JT808_ADDRESS_FAILURE_WINDOW_MINUTES * 60_000,
      reassemblyBytesPerConnection: e.JT808_REASSEMBLY_CONNECTION_KB * 1024,
      reassemblyBytesTotal: e.JT808_REASSEMBLY_TOTAL_MB * 1024 * 1024,
    },
    amapKey: e.AMAP_WEB_KEY || undefined,
    amapBaseUrl: e.AMAP_BASE_URL.replace(/\/+$/, ''),
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
    orderSilentMs: e.ORDER_SILENT_HOURS * 3600_000,
    orderSweepMs: e.ORDER_SWEEP_SECONDS * 1000,
    role: e.ROLE,
    natsUrl: e.NATS_URL || undefined,
    natsPartitions: e.NATS_PARTITIONS,
    natsPrefix: e.NATS_PREFIX,
    natsReplicas: e.NATS_REPLICAS,
    workerLeaseMs: e.WORKER_LEASE_SECONDS * 1000,
  };
}
