import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CONTROL_LIMITS } from '@cvrisk/contracts';
import type { ConnectionCaps } from './lib/connection-caps.js';
import type { HttpTimeouts } from './lib/http-server-options.js';
import { parseAllowedHosts, type AllowedHost } from './lib/outbound-guard.js';
import { parseTrustProxy } from './lib/trust-proxy.js';
import type { SheetReaderOptions } from './lib/sheet-reader.js';
import { DEFAULT_SHEET_LIMITS as SHEET } from './lib/sheet-limits.js';
import type { GatewayLimits } from './telemetry/gateway/gateway.js';

/** Every setting of the server, its default and its meaning: the README's table mirrors this. */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  // Prometheus metrics (/metrics) and the health probes (/healthz, /readyz) on a port of their own, on
  // HOST; off when unset. A gateway or worker has no other HTTP port: set it there to probe it.
  METRICS_PORT: z.union([z.literal(''), z.coerce.number().int().min(0).max(65535)]).optional(),
  // Node's guards against clients that hold a connection without using it (Fastify leaves all but
  // keep-alive off): the whole request head within HEADERS (slowloris), head and body within REQUEST, a
  // kept-alive connection reused within KEEPALIVE, and no socket silent both ways for longer than IDLE.
  // None of them cuts a long download or the event stream, whose request was received long before.
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  HTTP_KEEPALIVE_SECONDS: z.coerce.number().positive().default(72),
  HTTP_IDLE_SECONDS: z.coerce.number().positive().default(120),
  // HTTP connections held at once: in the process (default: its share of the open-file limit, see
  // descriptorBudget) and from one address (a browser holds about 6; a trusted proxy is not counted).
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().positive().optional(),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(64),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  // Per address, across accounts: high enough for an office behind one NAT, low enough to stop spraying one password over many accounts.
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  // Wrong integration keys (x-api-key) from one address within LOGIN_WINDOW_MINUTES before it gets 429.
  API_KEY_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
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
  // How long a window opened by a stock import, a transfer, an install or a reset accepts the terminal's first registration.
  JT808_REGISTER_WINDOW_HOURS: z.coerce.number().positive().max(24 * 90).default(72),
  JT808_IDLE_SECONDS: z.coerce.number().int().positive().default(300),
  // Default: what the process's open-file limit leaves once HTTP clients and the database have theirs.
  JT808_MAX_CONNECTIONS: z.coerce.number().int().positive().optional(),
  JT808_AUTH_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(30),
  // Failed registrations/authentications within the window: per (address, device number), and per
  // address whatever the numbers — far higher, as a carrier's NAT puts many terminals behind one address.
  JT808_DEVICE_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  JT808_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(300),
  JT808_ADDRESS_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(10),
  JT808_REASSEMBLY_CONNECTION_KB: z.coerce.number().int().positive().default(256),
  JT808_REASSEMBLY_TOTAL_MB: z.coerce.number().int().positive().default(64),
  // An installed order whose fitted device has not reported within this many hours is abnormal (server-behaviour §10).
  ORDER_SILENT_HOURS: z.coerce.number().positive().default(24),
  // How often installed orders are checked against their devices' reports.
  ORDER_SWEEP_SECONDS: z.coerce.number().positive().default(60),
  // An approved cut goes out only on a fix within 10 minutes at or below this speed (km/h); never above 20 (issue 32).
  CONTROL_STOPPED_KMH: z.coerce.number().min(0).max(CONTROL_LIMITS.maxSpeedKmh, `must not exceed ${CONTROL_LIMITS.maxSpeedKmh}: a cut is never sent to a car faster than that`).default(CONTROL_LIMITS.stoppedKmh),
  // How often held cuts are checked against their cars' latest fixes, and sent ones against the terminals' answers.
  CONTROL_SWEEP_SECONDS: z.coerce.number().positive().default(10),
  // A device's derived rows (stops, trips, events, daily figures, track state) are written this long
  // after the first of them was derived, not with every fix (issue 33); 0 writes them with their positions.
  DERIVE_FLUSH_SECONDS: z.coerce.number().min(0).max(600).default(60),
  ENGINE_REJUDGE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
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
  // Uploaded sheets (loan and device-stock imports) are read in worker threads, this many at once per
  // process; this many more wait their turn, and past them an upload is refused (429).
  SHEET_IMPORT_CONCURRENCY: z.coerce.number().int().positive().default(2),
  SHEET_IMPORT_QUEUE: z.coerce.number().int().min(0).default(10),
  // A sheet worker's heap: past it the worker is stopped and the sheet refused.
  SHEET_WORKER_MEMORY_MB: z.coerce.number().int().min(16).default(256),
  // What one sheet may cost, checked while it is inflated and parsed (lib/sheet-limits.ts holds the defaults and why).
  SHEET_MAX_INFLATED_MB: z.coerce.number().positive().default(SHEET.inflatedBytes / 1024 / 1024),
  SHEET_MAX_PART_MB: z.coerce.number().positive().default(SHEET.partBytes / 1024 / 1024),
  SHEET_MAX_ROWS: z.coerce.number().int().positive().default(SHEET.rows),
  SHEET_MAX_COLUMNS: z.coerce.number().int().positive().default(SHEET.columns),
  SHEET_MAX_CELL_CHARS: z.coerce.number().int().positive().default(SHEET.cellChars),
  SHEET_MAX_ROW_KB: z.coerce.number().int().positive().default(SHEET.rowBytes / 1024),
  SHEET_MAX_SHARED_STRINGS: z.coerce.number().int().positive().default(SHEET.sharedStrings),
  SHEET_MAX_SHARED_STRING_CHARS: z.coerce.number().int().positive().default(SHEET.sharedStringChars),
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
  /** HTTP connections held at once, per process and per address. */
  httpCaps: ConnectionCaps;
  host: string;
  /** The operations port (METRICS_PORT: /metrics, /healthz, /readyz); null: off. */
  metricsPort: number | null;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise an SQLite file in dataDir. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  sessionTtlMs: number;
  loginMaxFailures: number;
  loginWindowMs: number;
  loginMaxFailuresPerAddress: number;
  /** Wrong integration keys from one address within the login window before it is refused. */
  apiKeyMaxFailuresPerAddress: number;
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
  /** How long a registration window stays open (JT808_REGISTER_WINDOW_HOURS). */
  jt808RegisterWindowMs: number;
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
  /** Remote immobilisation: the speed at or below which a held cut goes out, and how often held and sent requests are swept. */
  controlStoppedKmh: number;
  controlSweepMs: number;
  /** How long a device's derived rows wait in memory before they are written (0: with their positions). */
  deriveEveryMs: number;
  /** How far back late fixes are judged again (days before a device's last judged fix). */
  engineRejudgeDays: number;
  role: 'all' | 'gateway' | 'worker' | 'api';
  /** Scale mode: the broker, the position stream's partitions and a worker's lease. */
  natsUrl: string | undefined;
  natsPartitions: number;
  natsPrefix: string;
  natsReplicas: number;
  workerLeaseMs: number;
  /** Uploaded sheets: the worker threads that read them, their queue and what one sheet may cost. */
  sheetImport: SheetReaderOptions;
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

/** What a process runs, as far as its open files are concerned. */
export type DescriptorUse = { role: Config['role']; simulator: boolean };

/**
 * The process's open-file limit shared out, so that neither port can starve the other or the rest:
 * a fifth (at least 256) is kept from the gateway; a quarter of that (at least 64) stays for the
 * database, logs, files being served or imported and outbound calls, and the rest is HTTP's
 * (1,024 files: 768 terminals, 192 HTTP, 64 other; 20,000: 16,000, 3,000, 1,000). A process that
 * serves one port only (ROLE=gateway, ROLE=api) gives it the other's share too. With the demo
 * simulator on (ROLE=all), each simulated terminal holds both ends of its connection in this
 * process, so the gateway's share is halved. Without a readable limit, the Linux default of 1,024 is
 * assumed. Never below 64 each.
 */
export function descriptorBudget(limit: number | null, use: DescriptorUse = { role: 'all', simulator: false }): { jt808: number; http: number } {
  const files = limit ?? 1024;
  const notGateway = Math.max(256, Math.floor(files / 5));
  const other = Math.max(64, Math.floor(notGateway / 4));
  const jt808 = use.role === 'gateway' ? files - other : files - notGateway;
  const http = use.role === 'api' ? files - other : notGateway - other;
  return { jt808: Math.max(64, use.role === 'all' && use.simulator ? Math.floor(jt808 / 2) : jt808), http: Math.max(64, http) };
}

/** Terminal connections the gateway takes by default in one process serving both ports (descriptorBudget). */
export function defaultMaxConnections(limit: number | null): number {
  return descriptorBudget(limit).jt808;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const budget = descriptorBudget(openFileLimit(), { role: e.ROLE, simulator: e.SIMULATOR === '1' });
  return {
    port: e.PORT,
    http: {
      headersMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.HTTP_KEEPALIVE_SECONDS * 1000,
      idleMs: e.HTTP_IDLE_SECONDS * 1000,
    },
    httpCaps: { maxConnections: e.HTTP_MAX_CONNECTIONS ?? budget.http, maxPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS },
    host: e.HOST,
    metricsPort: typeof e.METRICS_PORT === 'number' ? e.METRICS_PORT : null,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    sqliteFile: path.join(dataDir, 'cvrisk.db'),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    loginMaxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
    apiKeyMaxFailuresPerAddress: e.API_KEY_MAX_FAILURES_PER_ADDRESS,
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
    jt808RegisterWindowMs: Math.round(e.JT808_REGISTER_WINDOW_HOURS * 3_600_000),
    jt808IdleMs: e.JT808_IDLE_SECONDS * 1000,
    jt808Limits: {
      maxConnections: e.JT808_MAX_CONNECTIONS ?? budget.jt808,
      authTimeoutMs: e.JT808_AUTH_TIMEOUT_SECONDS * 1000,
      deviceMaxFailures: e.JT808_DEVICE_MAX_FAILURES,
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
    controlStoppedKmh: e.CONTROL_STOPPED_KMH,
    controlSweepMs: e.CONTROL_SWEEP_SECONDS * 1000,
    deriveEveryMs: e.DERIVE_FLUSH_SECONDS * 1000,
    engineRejudgeDays: e.ENGINE_REJUDGE_DAYS,
    role: e.ROLE,
    natsUrl: e.NATS_URL || undefined,
    natsPartitions: e.NATS_PARTITIONS,
    natsPrefix: e.NATS_PREFIX,
    natsReplicas: e.NATS_REPLICAS,
    workerLeaseMs: e.WORKER_LEASE_SECONDS * 1000,
    sheetImport: {
      concurrency: e.SHEET_IMPORT_CONCURRENCY,
      queue: e.SHEET_IMPORT_QUEUE,
      workerMemoryMb: e.SHEET_WORKER_MEMORY_MB,
      limits: {
        inflatedBytes: Math.round(e.SHEET_MAX_INFLATED_MB * 1024 * 1024),
        partBytes: Math.round(e.SHEET_MAX_PART_MB * 1024 * 1024),
        rows: e.SHEET_MAX_ROWS,
        columns: e.SHEET_MAX_COLUMNS,
        cellChars: e.SHEET_MAX_CELL_CHARS,
        rowBytes: e.SHEET_MAX_ROW_KB * 1024,
        sharedStrings: e.SHEET_MAX_SHARED_STRINGS,
        sharedStringChars: e.SHEET_MAX_SHARED_STRING_CHARS,
      },
    },
  };
}
