import { OnlineCheckCalls, type OnlineCheckBatchResult } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import type { OnlineCheckService } from './online-check.service.js';

/** What the operator is told after a position query: how many went out, and why the others did not. */
function batchMessage(r: OnlineCheckBatchResult): string {
  const parts = [r.sent > 0 ? `已向${r.sent}台在线设备下发位置查询` : '没有在线设备，未下发位置查询'];
  if (r.sent > 0 && r.skippedOffline > 0) parts.push(`${r.skippedOffline}台不在线未下发`);
  if (r.notFound.length > 0) parts.push(`${r.notFound.length}个设备号未找到`);
  return parts.join('，');
}

export function onlineCheckRoutes(app: FastifyInstance, checks: OnlineCheckService): void {
  route(app, OnlineCheckCalls.list, async ({ user, body }) => checks.list(user, body));

  route(app, OnlineCheckCalls.positionQuery, async ({ user, body }) => {
    const result = await checks.positionQuery(user, body);
    return said(batchMessage(result), result);
  });

  // The console polls this while answers are outstanding, so each row changes as its answer arrives.
  route(app, OnlineCheckCalls.queryStates, async ({ user, body }) => checks.states(user, body.commandIds));
}
