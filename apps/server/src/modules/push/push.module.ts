import { createOutboundGuard } from '../../lib/outbound-guard.js';
import type { AppModule } from '../app-module.js';
import { auditedWrite } from '../audit/audited-write.js';
import { createPushWorker } from './push-worker.js';
import { createPushRepository } from './push.repository.js';
import { pushRoutes } from './push.routes.js';
import { createPushService } from './push.service.js';

/**
 * Webhook push: the config routes, a delivery queued for each pushable warning the engine announces,
 * and the worker that sends them, running from the server's start to its close.
 */
export const pushModule: AppModule = (app, { db, telemetry, config, shared, push: options = {} }) => {
  // Internal hosts an administrator lets webhooks reach (WEBHOOK_ALLOWED_HOSTS); every other internal address is refused.
  const allowedHosts = config.webhookAllowedHosts;
  const onError = options.onError ?? ((err: unknown) => app.log.warn({ err }, 'webhook push failed'));
  const repo = createPushRepository(db);
  const guard = createOutboundGuard(allowedHosts, options.resolve);
  const worker = createPushWorker(repo, guard, { ...options, onError });
  const service = createPushService(repo, auditedWrite(db, createPushRepository), worker, guard, options.now);
  pushRoutes(app, service, shared.inApp());
  const unsubscribe = telemetry.onWarning((event) => void service.warningRaised(event).catch(onError));
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    unsubscribe();
    await worker.stop();
  });
};
