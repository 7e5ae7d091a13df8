import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { createEventHub } from '../events/event-hub.js';
import { createCountCache } from '../lib/count-cache.js';
import { createAuditRepository } from './audit/audit.repository.js';
import { auditedWrite } from './audit/audited-write.js';
import type { PriorityKey } from './customer/overdue-priority.js';
import { createCarRepository } from './car/car.repository.js';
import { createDeviceRepository } from './device/device.repository.js';
import { createDeviceService } from './device/device.service.js';
import { createAmapClient } from './geo/amap.js';
import { createGeoService } from './geo/geo.service.js';
import { createIngestRepository } from './ingest/ingest.repository.js';
import { createIntegrationKeyCheck } from './ingest/integration-key.js';
import { createMonitorRepository } from './monitor/monitor.repository.js';
import { createMonitorService } from './monitor/monitor.service.js';
import { createInAppService } from './push/in-app.js';
import { createInAppRepository } from './push/in-app.repository.js';
import { createRiskPointRepository } from './riskpoint/riskpoint.repository.js';
import { createRiskPointService } from './riskpoint/riskpoint.service.js';
import { createSessionRepository } from './session/session.repository.js';
import type { SessionService } from './session/session.service.js';

/** Made on first use, then the same one for everyone who asks. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

/**
 * The services more than one module uses — one instance each, so caches and the live hub are
 * shared. A service used by one module is built inside that module.
 */
export function createSharedServices({ db, config, log, sessions, now }: { db: Db; config: Config; log: FastifyBaseLogger; sessions: SessionService; now?: () => number }) {
  const devices = once(() => createDeviceRepository(db));
  const deviceService = once(() => createDeviceService(devices()));
  const monitor = once(() => createMonitorService(createMonitorRepository(db), deviceService()));
  return {
    sessions: () => sessions,
    devices,
    cars: once(() => createCarRepository(db)),
    deviceService,
    monitor,
    /**
     * What the customer lists reuse for a few seconds: their totals, and the overdue list's ranking
     * keys. Dropped together by whatever can move one: a warning raised or handled (grades, unhandled
     * counts), a flag, an import.
     */
    customerCounts: once(() => {
      const totals = createCountCache();
      const overdueKeys = createCountCache<PriorityKey[]>({ maxEntries: 50 });
      return { totals, overdueKeys, invalidate: () => (totals.invalidate(), overdueKeys.invalidate()) };
    }),
    /** The integration key check of every keyed call (positions, loan import), throttled per address. */
    integrationKeys: once(() =>
      createIntegrationKeyCheck({
        keys: createIngestRepository(db), failures: createSessionRepository(db), audit: createAuditRepository(db),
        maxFailuresPerAddress: config.apiKeyMaxFailuresPerAddress, windowMs: config.loginWindowMs, log, now,
      }),
    ),
    riskPoints: once(() => createRiskPointService(createRiskPointRepository(db))),
    /** The in-app channel per department and warning type: the push screen sets it, the live push and the top bar obey it. */
    inApp: once(() => createInAppService(createInAppRepository(db), auditedWrite(db, createInAppRepository), now)),
    geo: once(() => createGeoService(config.amapKey ? createAmapClient(config.amapKey, config.amapBaseUrl) : null, log)),
    /** The live stream's hub: positions and warnings are published to it, the stream reads from it. */
    hub: once(() =>
      createEventHub({
        loadDevices: (ids) => monitor().forStream(ids),
        activeSessions: (hashes) => sessions.activeSessions(hashes),
        onError: (err: unknown) => log.warn({ err }, 'live updates failed'),
      }),
    ),
  };
}

export type SharedServices = ReturnType<typeof createSharedServices>;
