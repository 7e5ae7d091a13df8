import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Telemetry } from '../../telemetry/telemetry.js';
import { createPushWorker, type PushWorkerOptions } from './push-worker.js';
import { createPushRepository } from './push.repository.js';
import { pushRoutes } from './push.routes.js';
import { createPushService } from './push.service.js';

export type PushDeps = { db: Db; telemetry: Pick<Telemetry, 'onWarning'>; options?: PushWorkerOptions };

/**
 * Webhook push: the config routes, a delivery queued for each pushable warning the engine announces,
 * and the worker that sends them, running from the server's start to its close.
 */
export function registerPush(app: FastifyInstance, { db, telemetry, options = {} }: PushDeps): void {
  const onError = options.onError ?? ((err: unknown) => app.log.warn({ err }, 'webhook push failed'));
  const repo = createPushRepository(db);
  const worker = createPushWorker(repo, { ...options, onError });
  const service = createPushService(repo, worker, options.now);
  pushRoutes(app, service);
  const unsubscribe = telemetry.onWarning((event) => void service.warningRaised(event).catch(onError));
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    unsubscribe();
    await worker.stop();
  });
}
