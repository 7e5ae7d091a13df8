import { PushCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { InAppService } from './in-app.js';
import type { PushService } from './push.service.js';

/** The warning-push-config screen: seeing needs warning:view, changing config:edit. */
export function pushRoutes(app: FastifyInstance, push: PushService, inApp: InAppService): void {
  route(app, PushCalls.list, async ({ user, body }) => push.list(user, body));
  route(app, PushCalls.deliveries, async ({ user, body }) => push.deliveries(user, body));
  route(app, PushCalls.save, async ({ user, body, request }) =>
    said(body.id ? '推送配置已修改' : '推送配置已添加', { entity: await push.save(user, request.ip, body) }),
  );
  route(app, PushCalls.enable, async ({ user, body, request }) =>
    said(body.enabled ? '已启用' : '已停用', { entity: await push.setEnabled(user, request.ip, body.id, body.enabled) }),
  );
  route(app, PushCalls.remove, async ({ user, query, request }) => {
    await push.remove(user, request.ip, query.id);
    return said('推送配置已删除', null);
  });
  route(app, PushCalls.inApp, async ({ user, query }) => inApp.settings(user, query.deptId));
  route(app, PushCalls.inAppSave, async ({ user, body, request }) =>
    said(body.inApp === null ? '已恢复沿用上级设置' : body.inApp ? '已开启站内推送' : '已关闭站内推送', await inApp.save(user, request.ip, body)),
  );
  route(app, PushCalls.test, async ({ user, body }) => {
    const delivery = await push.test(user, body.id);
    return said(delivery.state === 'delivered' ? '测试推送已送达' : `测试推送失败：${delivery.lastError ?? ''}`, { entity: delivery });
  });
}
