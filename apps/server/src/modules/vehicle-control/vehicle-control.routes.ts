import { CONTROL_ACTION_LABELS, CONTROL_STATE_LABELS, RecoveryCalls, VehicleControlCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { ControlMappingService } from './control-mapping.service.js';
import type { ControlQueries } from './control-queries.js';
import type { ControlRequestService } from './control-request.service.js';

export type VehicleControlServices = { mappings: ControlMappingService; requests: ControlRequestService; queries: ControlQueries };

/** 断油断电: the per-model mapping, a device's relay, and the rule-of-two requests on recovery cases. */
export function vehicleControlRoutes(app: FastifyInstance, s: VehicleControlServices): void {
  route(app, VehicleControlCalls.mappingList, async ({ user }) => s.mappings.list(user));
  route(app, VehicleControlCalls.mappingSave, async ({ user, body, request }) => said('断油断电指令映射已保存', await s.mappings.save(user, request.ip, body)));
  route(app, VehicleControlCalls.mappingDelete, async ({ user, body, request }) => {
    await s.mappings.remove(user, request.ip, body.model);
    return said(`已删除，型号“${body.model}”之后不能远程断油断电`, null);
  });
  route(app, VehicleControlCalls.relay, async ({ user, query }) => s.queries.relay(user, query.deviceNumber));

  route(app, RecoveryCalls.controlRequest, async ({ user, body, request }) => {
    const item = await s.requests.request(user, request.ip, body);
    return said(`已提交${CONTROL_ACTION_LABELS[item.action].zh}申请，等待本机构另一位有车辆控制权限的用户审批`, item);
  });
  route(app, RecoveryCalls.controlDecide, async ({ user, body, request }) => {
    const item = await s.requests.decide(user, request.ip, body);
    return said(`${body.approve ? '已批准' : '已拒绝'}：${CONTROL_STATE_LABELS[item.state].zh}`, item);
  });
  route(app, RecoveryCalls.controlCancel, async ({ user, body, request }) => said('申请已撤回', await s.requests.cancel(user, request.ip, body.id)));
  route(app, RecoveryCalls.controlPending, async ({ user }) => s.requests.pending(user));
}
