import { AlarmMappingCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { AlarmMappingService } from './alarm-mapping.service.js';

/** 设备报警映射: which reserved bit or additional item of a terminal model is which alarm. */
export function alarmMappingRoutes(app: FastifyInstance, mappings: AlarmMappingService): void {
  route(app, AlarmMappingCalls.list, async ({ user }) => mappings.list(user));
  route(app, AlarmMappingCalls.save, async ({ user, body, request }) =>
    said('报警映射已保存，对之后收到的上报生效', await mappings.save(user, request.ip, body)),
  );
  route(app, AlarmMappingCalls.delete, async ({ user, body, request }) => {
    await mappings.remove(user, request.ip, body.id);
    return said('报警映射已删除，对之后收到的上报生效', null);
  });
}
