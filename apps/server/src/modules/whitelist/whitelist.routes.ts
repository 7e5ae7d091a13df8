import { WhiteListCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import { APPLIES_WITHIN } from '../../engine/context.js';
import type { WhiteListService } from './whitelist.service.js';

/** 预警客户白名单 (server-behaviour §5): anyone with warnings sees it, only config editors change it. */
export function whiteListRoutes(app: FastifyInstance, whiteList: WhiteListService): void {
  route(app, WhiteListCalls.list, async ({ user, body }) => whiteList.list(user, body));
  route(app, WhiteListCalls.findCustomer, async ({ user, body }) => whiteList.customers(user, body.keyword));
  route(app, WhiteListCalls.save, async ({ user, body }) => {
    const added = await whiteList.save(user, body);
    return said(`${added ? '已加入白名单' : '白名单已更新'}，${APPLIES_WITHIN}`, null);
  });
  route(app, WhiteListCalls.remove, async ({ user, query }) => {
    await whiteList.remove(user, query.id);
    return said(`已移出白名单，${APPLIES_WITHIN}`, null);
  });
}
