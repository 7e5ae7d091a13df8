import type { AppModule } from '../app-module.js';
import { auditedWrite } from '../audit/audited-write.js';
import { createCaseAccess } from '../recovery/case-access.js';
import { createControlMappingRepository } from './control-mapping.repository.js';
import { createControlMappingService } from './control-mapping.service.js';
import { createControlQueries } from './control-queries.js';
import { createControlRequestRepository } from './control-request.repository.js';
import { createControlRequestService } from './control-request.service.js';
import { createControlSweep } from './control-sweep.js';
import { vehicleControlRoutes } from './vehicle-control.routes.js';

/**
 * Remote immobilisation (issue 32): the calls, and the sweep that sends held cuts once their cars stop
 * and records the terminals' answers, from the server's start to its close. Every API process sweeps:
 * each move is claimed from the state it was read in.
 */
export const vehicleControlModule: AppModule = (app, { db, telemetry, config }) => {
  const channel = () => telemetry.channel;
  const log = (err: unknown) => app.log.error({ err }, 'delivering a vehicle-control command failed');
  const mappingRepo = createControlMappingRepository(db);
  vehicleControlRoutes(app, {
    mappings: createControlMappingService({ repo: mappingRepo, write: auditedWrite(db, createControlMappingRepository) }),
    requests: createControlRequestService({
      db, access: createCaseAccess(db), requests: createControlRequestRepository(db), mappings: mappingRepo, channel, stoppedKmh: config.controlStoppedKmh, log,
    }),
    queries: createControlQueries(db),
  });

  const sweep = createControlSweep({ db, channel, stoppedKmh: config.controlStoppedKmh, now: Date.now, log });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = sweep.run().catch((err: unknown) => app.log.error({ err }, 'vehicle-control sweep failed'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, config.controlSweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
};
