import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { capConnections } from './lib/connection-caps.js';
import { httpServerOptions } from './lib/http-server-options.js';
import { generateRsaPem, loadRsaKeys, type RsaKeys } from './lib/rsa.js';
import { MODULES } from './modules/modules.js';
import type { PushWorkerOptions } from './modules/push/push-worker.js';
import { createSessionRepository } from './modules/session/session.repository.js';
import { createSessionService } from './modules/session/session.service.js';
import { createSettingsRepository } from './modules/settings/settings.repository.js';
import { createSharedServices } from './modules/shared-services.js';
import { loggableRequest, registerAuth } from './plugins/auth.js';
import { registerBodyParsers } from './plugins/body-parsers.js';
import { registerEncryption } from './plugins/encryption.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandlers } from './plugins/errors.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerExportAudit } from './modules/audit/export-audit.js';
import { createOps, type Ops } from './ops/ops.js';
import { registerOpsRoutes } from './ops/ops-routes.js';
import type { Telemetry } from './telemetry/telemetry.js';

// Validation messages in the users' language.
z.config(z.locales.zhCN());

export type AppDeps = {
  db: Db;
  /** Long reads (exports); the handle's `bulk`. Without it, `db`. */
  bulk?: Db;
  telemetry: Telemetry;
  config: Config;
  logger: Logger;
  /** Pause after repeated failed logins; tests shorten it. */
  loginSlowDownMs?: number;
  /** The clock of sign-in and sessions; tests move it to pass throttling windows. */
  now?: () => number;
  /** The webhook worker's clock, name resolver and back-off; tests make them fast and local. */
  push?: PushWorkerOptions;
  /** The role's health and metrics (/healthz, /readyz, request timings); without them, readiness is the database's. */
  ops?: Ops;
};

/** The RSA key pair lives in the database so every server process decrypts with the same key. */
async function rsaKeys(db: Db, config: Config): Promise<RsaKeys | null> {
  if (config.encryption === 'off') return null;
  const pem = await createSettingsRepository(db).getOrInsert(0, 'rsa.privateKey', generateRsaPem);
  return loadRsaKeys(pem);
}

export async function buildApp({ db, bulk = db, telemetry, config, logger, loginSlowDownMs = 1000, now, push, ops }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger.child({}, { serializers: { req: loggableRequest } }) as FastifyBaseLogger,
    bodyLimit: 2 * 1024 * 1024,
    ...httpServerOptions(config.http),
    // Requests refused before routing (too slow, too large a head, not HTTP, an undecodable URL) still get the envelope.
    clientErrorHandler,
    frameworkErrors,
    // request.ip: the client the trusted proxy names, or without TRUST_PROXY the socket's peer (X-Forwarded-For ignored).
    trustProxy: config.trustProxy,
  });
  // Before anything else hears of a connection: one over a cap is closed before a byte of it is read.
  app.decorate('httpConnections', capConnections(app.server, { caps: config.httpCaps, trustProxy: config.trustProxy, log: app.log }));
  registerSecurityHeaders(app);
  registerErrorHandlers(app);
  registerBodyParsers(app);
  // The map's device list (~9 MB for 50,000 devices) and the outline file (1.3 MB) are JSON that
  // shrinks 5–10×; the event stream hijacks its reply and is never compressed.
  await app.register(fastifyCompress, { threshold: 1024 });

  const sessions = createSessionService(createSessionRepository(db), {
    ttlMs: config.sessionTtlMs,
    throttle: { perAccount: config.loginMaxFailures, perAddress: config.loginMaxFailuresPerAddress, windowMs: config.loginWindowMs },
    slowDownMs: loginSlowDownMs,
    now,
  });
  const keys = await rsaKeys(db, config);
  registerAuth(app, sessions);
  registerExportAudit(app, db);
  registerEncryption(app, config.encryption, keys);
  registerOpsRoutes(app, ops ?? createOps({ host: config.host, metricsPort: null }, null, db));

  const shared = createSharedServices({ db, config, log: app.log, sessions, now });
  const ctx = { db, bulk, telemetry, config, keys, shared, push };
  for (const register of MODULES) await register(app, ctx);

  const webDist = config.webDist;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    // The console's files need no session: mark every route the static plugin adds as public.
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config as object), public: true };
      });
      await scope.register(fastifyStatic, { root: path.resolve(webDist), wildcard: false, index: 'index.html' });
    });
  }
  return app;
}
