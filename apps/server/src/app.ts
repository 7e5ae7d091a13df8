import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { generateRsaPem, loadRsaKeys, type RsaKeys } from './lib/rsa.js';
import { createCarRepository } from './modules/car/car.repository.js';
import { carRoutes } from './modules/car/car.routes.js';
import { createCarService } from './modules/car/car.service.js';
import { createCatalogRepository } from './modules/catalog/catalog.repository.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { createCatalogService } from './modules/catalog/catalog.service.js';
import { createCustomerRepository } from './modules/customer/customer.repository.js';
import { createDeptRepository } from './modules/dept/dept.repository.js';
import { deptRoutes } from './modules/dept/dept.routes.js';
import { createDeptService } from './modules/dept/dept.service.js';
import { createDeviceRepository } from './modules/device/device.repository.js';
import { deviceRoutes } from './modules/device/device.routes.js';
import { createDeviceService } from './modules/device/device.service.js';
import { createHomeRepository } from './modules/home/home.repository.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { createHomeService } from './modules/home/home.service.js';
import { menuRoutes } from './modules/menu/menu.routes.js';
import { createSessionRepository } from './modules/session/session.repository.js';
import { sessionRoutes } from './modules/session/session.routes.js';
import { createSessionService } from './modules/session/session.service.js';
import { createSettingsRepository } from './modules/settings/settings.repository.js';
import { loggableRequest, registerAuth } from './plugins/auth.js';
import { registerBodyParsers } from './plugins/body-parsers.js';
import { registerEncryption } from './plugins/encryption.js';
import { registerErrorHandlers } from './plugins/errors.js';
import { commandRoutes } from './modules/command/command.routes.js';
import { createCommandService } from './modules/command/command.service.js';
import { createIngestRepository } from './modules/ingest/ingest.repository.js';
import { ingestRoutes } from './modules/ingest/ingest.routes.js';
import { createIngestService } from './modules/ingest/ingest.service.js';
import { createTrackRepository } from './modules/track/track.repository.js';
import { trackRoutes } from './modules/track/track.routes.js';
import { createTrackService } from './modules/track/track.service.js';
import { createFenceRepository } from './modules/fence/fence.repository.js';
import { fenceRoutes } from './modules/fence/fence.routes.js';
import { createFenceService } from './modules/fence/fence.service.js';
import { createRiskPointRepository } from './modules/riskpoint/riskpoint.repository.js';
import { riskPointRoutes } from './modules/riskpoint/riskpoint.routes.js';
import { createRiskPointService } from './modules/riskpoint/riskpoint.service.js';
import { createAmapClient } from './modules/geo/amap.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { createGeoService } from './modules/geo/geo.service.js';
import { createMonitorRepository } from './modules/monitor/monitor.repository.js';
import { monitorRoutes } from './modules/monitor/monitor.routes.js';
import { createMonitorService } from './modules/monitor/monitor.service.js';
import { registerLiveEvents } from './events/live-events.js';
import type { Telemetry } from './telemetry/telemetry.js';
import { registerPush } from './modules/push/push.module.js';
import { registerWarnings } from './modules/warning/warning.module.js';
import type { PushWorkerOptions } from './modules/push/push-worker.js';
import { createWarningFeedRepository } from './modules/warning-feed/warning-feed.repository.js';
import { warningFeedRoutes } from './modules/warning-feed/warning-feed.routes.js';
import { createWarningFeedService } from './modules/warning-feed/warning-feed.service.js';
import { createWarningDetailRepository } from './modules/warning-detail/warning-detail.repository.js';
import { warningDetailRoutes } from './modules/warning-detail/warning-detail.routes.js';
import { createWarningDetailService } from './modules/warning-detail/warning-detail.service.js';
import { createCarAnalysisRepository } from './modules/car-analysis/car-analysis.repository.js';
import { carAnalysisRoutes } from './modules/car-analysis/car-analysis.routes.js';
import { createCarAnalysisService } from './modules/car-analysis/car-analysis.service.js';
import { createAlarmRepository } from './modules/alarm/alarm.repository.js';
import { alarmRoutes } from './modules/alarm/alarm.routes.js';
import { createAlarmService } from './modules/alarm/alarm.service.js';
import { createWhiteListRepository } from './modules/whitelist/whitelist.repository.js';
import { whiteListRoutes } from './modules/whitelist/whitelist.routes.js';
import { createWhiteListService } from './modules/whitelist/whitelist.service.js';
import { createRiskConfigRepository } from './modules/risk-config/risk-config.repository.js';
import { riskConfigRoutes } from './modules/risk-config/risk-config.routes.js';
import { createRiskConfigService } from './modules/risk-config/risk-config.service.js';

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
  /** The webhook worker's clock, HTTP client and back-off; tests make them fast. */
  push?: PushWorkerOptions;
};

/** The RSA key pair lives in the database so every server process decrypts with the same key. */
async function rsaKeys(db: Db, config: Config): Promise<RsaKeys | null> {
  if (config.encryption === 'off') return null;
  const pem = await createSettingsRepository(db).getOrInsert(0, 'rsa.privateKey', generateRsaPem);
  return loadRsaKeys(pem);
}

export async function buildApp({ db, bulk = db, telemetry, config, logger, loginSlowDownMs = 1000, push }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger.child({}, { serializers: { req: loggableRequest } }) as FastifyBaseLogger,
    bodyLimit: 2 * 1024 * 1024,
  });
  registerErrorHandlers(app);
  registerBodyParsers(app);
  // The map's device list (~9 MB for 50,000 devices) and the outline file (1.3 MB) are JSON that
  // shrinks 5–10×; the event stream hijacks its reply and is never compressed.
  await app.register(fastifyCompress, { threshold: 1024 });

  const sessions = createSessionService(createSessionRepository(db), {
    ttlMs: config.sessionTtlMs,
    maxFailures: config.loginMaxFailures,
    windowMs: config.loginWindowMs,
    slowDownMs: loginSlowDownMs,
  });
  const keys = await rsaKeys(db, config);
  registerAuth(app, sessions);
  registerEncryption(app, config.encryption, keys);

  const deviceRepo = createDeviceRepository(db);
  const carRepo = createCarRepository(db);

  sessionRoutes(app, { sessions, encryption: config.encryption, keys });
  menuRoutes(app);
  deptRoutes(app, createDeptService(createDeptRepository(db)));
  catalogRoutes(app, createCatalogService(createCatalogRepository(db)));
  const deviceService = createDeviceService(deviceRepo);
  deviceRoutes(app, deviceService);
  carRoutes(app, createCarService(carRepo));
  homeRoutes(app, createHomeService({ devices: deviceRepo, cars: carRepo, customers: createCustomerRepository(db), home: createHomeRepository(db) }));
  trackRoutes(app, createTrackService(createTrackRepository(db)));
  commandRoutes(app, createCommandService(db, telemetry.commands, () => telemetry.channel));
  ingestRoutes(app, createIngestService(createIngestRepository(db), telemetry.pipeline, telemetry.devices));
  fenceRoutes(app, createFenceService(createFenceRepository(db)));
  const riskPoints = createRiskPointService(createRiskPointRepository(db));
  riskPointRoutes(app, riskPoints);
  const amap = config.amapKey ? createAmapClient(config.amapKey, config.amapBaseUrl) : null;
  const geo = createGeoService(amap, app.log);
  geoRoutes(app, geo);
  warningDetailRoutes(app, createWarningDetailService(createWarningDetailRepository(db), geo, riskPoints));
  carAnalysisRoutes(app, createCarAnalysisService(createCarAnalysisRepository(db), geo));
  alarmRoutes(app, createAlarmService(createAlarmRepository(db)));
  whiteListRoutes(app, createWhiteListService(createWhiteListRepository(db)));
  riskConfigRoutes(app, createRiskConfigService(createRiskConfigRepository(db)));
  const monitor = createMonitorService(createMonitorRepository(db), deviceService);
  monitorRoutes(app, monitor);
  const hub = registerLiveEvents(app, { telemetry, monitor, sessions });
  registerWarnings(app, { db, bulk, hub, telemetry });
  warningFeedRoutes(app, createWarningFeedService(createWarningFeedRepository(db)));
  registerPush(app, { db, telemetry, options: push });

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
