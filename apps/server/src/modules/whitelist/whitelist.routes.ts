import { WhiteListCustomerQuery, WhiteListDelete, WhiteListQuery, WhiteListSave } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { userOf } from '../../plugins/auth.js';
import { APPLIES_WITHIN } from '../../engine/context.js';
import type { WhiteListService } from './whitelist.service.js';

/** 预警客户白名单 (server-behaviour §5): anyone with warnings sees it, only config editors change it. */
export function whiteListRoutes(app: FastifyInstance, whiteList: WhiteListService): void {
  app.post('/api/report/whiteList/findList', { config: { permission: 'warning:view' } }, async (request) =>
    ok(await whiteList.list(userOf(request), parse(WhiteListQuery, request.body))),
  );

  app.post('/api/report/whiteList/findCustomer', { config: { permission: 'config:edit' } }, async (request) =>
    ok(await whiteList.customers(userOf(request), parse(WhiteListCustomerQuery, request.body).keyword)),
  );

  app.post('/api/report/whiteList/save', { config: { permission: 'config:edit' } }, async (request) => {
    const added = await whiteList.save(userOf(request), parse(WhiteListSave, request.body));
    return ok(null, `${added ? '已加入白名单' : '白名单已更新'}，${APPLIES_WITHIN}`);
  });

  app.delete('/api/report/whiteList/delete', { config: { permission: 'config:edit' } }, async (request) => {
    await whiteList.remove(userOf(request), parse(WhiteListDelete, request.query).id);
    return ok(null, `已移出白名单，${APPLIES_WITHIN}`);
  });
}
