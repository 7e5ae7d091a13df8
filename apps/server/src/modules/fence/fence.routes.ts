import { FenceBindListQuery, FenceBindRequest, FenceDeleteQuery, FenceListQuery, FenceQuickQuery, FenceSave, type FenceDeleteResult } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import type { FenceService } from './fence.service.js';

export function fenceRoutes(app: FastifyInstance, fences: FenceService): void {
  app.get('/api/fence/getList', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await fences.list(userOf(request), parse(FenceListQuery, request.query))),
  );

  app.post('/api/fence/save', { config: { permission: 'fence:edit' } }, async (request) => {
    const input = parse(FenceSave, request.body);
    return ok({ entity: await fences.save(userOf(request), input) }, input.id ? '围栏已修改' : '围栏已创建');
  });

  app.delete('/api/fence/delete', { config: { permission: 'fence:edit' } }, async (request) => {
    const deleted = await fences.remove(userOf(request), parse(FenceDeleteQuery, request.query).ids);
    return ok<FenceDeleteResult>({ deleted }, `已删除${deleted}个围栏`);
  });

  app.get('/api/fence/getFenceBindCarList', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await fences.boundCars(userOf(request), parse(FenceBindListQuery, request.query))),
  );

  app.post('/api/fence/findFenceQuick', { config: { permission: 'monitor:view' } }, async (request) =>
    ok(await fences.quick(userOf(request), parse(FenceQuickQuery, request.body))),
  );

  app.post('/api/fence/quickFenceBindingDeviceNumber', { config: { permission: 'fence:edit' } }, async (request) => {
    const r = await fences.setBinding(userOf(request), parse(FenceBindRequest, request.body), true);
    return ok(r, `已绑定${r.changed}台设备`);
  });

  app.post('/api/fence/fenceUnBindingDeviceNumbers', { config: { permission: 'fence:edit' } }, async (request) => {
    const r = await fences.setBinding(userOf(request), parse(FenceBindRequest, request.body), false);
    return ok(r, `已解绑${r.changed}台设备`);
  });
}
