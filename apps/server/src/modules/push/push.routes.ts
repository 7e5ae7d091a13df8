import { PUSH_PATHS, WebhookDeliveryQuery, WebhookEnableBody, WebhookIdBody, WebhookListQuery, WebhookSave } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { PushService } from './push.service.js';

/** The warning-push-config screen: seeing needs warning:view, changing config:edit. */
export function pushRoutes(app: FastifyInstance, push: PushService): void {
  app.post(PUSH_PATHS.list, { config: { permission: 'warning:view' } }, async (request) =>
    ok(await push.list(userOf(request), parse(WebhookListQuery, request.body))),
  );

  app.post(PUSH_PATHS.deliveries, { config: { permission: 'warning:view' } }, async (request) =>
    ok(await push.deliveries(userOf(request), parse(WebhookDeliveryQuery, request.body))),
  );

  app.post(PUSH_PATHS.save, { config: { permission: 'config:edit' } }, async (request) => {
    const input = parse(WebhookSave, request.body);
    return ok({ entity: await push.save(userOf(request), input) }, input.id ? '推送配置已修改' : '推送配置已添加');
  });

  app.post(PUSH_PATHS.enable, { config: { permission: 'config:edit' } }, async (request) => {
    const { id, enabled } = parse(WebhookEnableBody, request.body);
    return ok({ entity: await push.setEnabled(userOf(request), id, enabled) }, enabled ? '已启用' : '已停用');
  });

  app.delete(PUSH_PATHS.remove, { config: { permission: 'config:edit' } }, async (request) => {
    await push.remove(userOf(request), parse(WebhookIdBody, request.query).id);
    return ok(null, '推送配置已删除');
  });

  app.post(PUSH_PATHS.test, { config: { permission: 'config:edit' } }, async (request) => {
    const delivery = await push.test(userOf(request), parse(WebhookIdBody, request.body).id);
    return ok({ entity: delivery }, delivery.state === 'delivered' ? '测试推送已送达' : `测试推送失败：${delivery.lastError ?? ''}`);
  });
}
