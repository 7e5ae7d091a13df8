import type { AppModule } from '../app-module.js';
import { createAbnormalSweep } from './abnormal-sweep.js';
import { dispatchRoutes } from './dispatch.routes.js';
import { createDispatchServices } from './dispatch-services.js';

/**
 * Dispatch and installation: the calls, and the sweep that finds abnormal install orders from the
 * devices' reports, running from the server's start to its close.
 */
export const dispatchModule: AppModule = (app, { db, telemetry, config }) => {
  const services = createDispatchServices(db, { dataDir: config.dataDir, devicesEdited: telemetry.devicesEdited, registerWindowMs: config.jt808RegisterWindowMs });
  dispatchRoutes(app, services);

  const sweep = createAbnormalSweep({ ...services, now: Date.now, silentMs: config.orderSilentMs });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = sweep.run().catch((err: unknown) => app.log.error({ err }, 'abnormal install order sweep failed'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, config.orderSweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
};
