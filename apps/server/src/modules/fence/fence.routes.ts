import { FenceCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { FenceService } from './fence.service.js';

export function fenceRoutes(app: FastifyInstance, fences: FenceService): void {
  route(app, FenceCalls.list, async ({ user, query }) => fences.list(user, query));
  route(app, FenceCalls.save, async ({ user, body }) => said(body.id ? '围栏已修改' : '围栏已创建', { entity: await fences.save(user, body) }));
  route(app, FenceCalls.remove, async ({ user, query }) => {
    const deleted = await fences.remove(user, query.ids);
    return said(`已删除${deleted}个围栏`, { deleted });
  });
  route(app, FenceCalls.boundCars, async ({ user, query }) => fences.boundCars(user, query));
  route(app, FenceCalls.quick, async ({ user, body }) => fences.quick(user, body));
  route(app, FenceCalls.bind, async ({ user, body }) => {
    const r = await fences.setBinding(user, body, true);
    return said(`已绑定${r.changed}台设备`, r);
  });
  route(app, FenceCalls.unbind, async ({ user, body }) => {
    const r = await fences.setBinding(user, body, false);
    return said(`已解绑${r.changed}台设备`, r);
  });
}
