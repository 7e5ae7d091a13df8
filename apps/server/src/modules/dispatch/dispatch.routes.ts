import { DISPATCH_LIMITS, DispatchCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { route, said } from '../../lib/route.js';
import type { DispatchService } from './dispatch.service.js';
import type { InstallService } from './install.service.js';
import type { OrderFiles } from './order-files.js';
import type { OrderChanges } from './order-changes.js';
import { toOrderFile } from './order-mapping.js';

/**
 * Room for the largest base64 file even if every character took three bytes, so that an oversized
 * upload is told its limit by the schema (400 文件不能超过10MB), not cut off as a bare 413.
 */
const UPLOAD_BODY_LIMIT = 3 * (Math.ceil((DISPATCH_LIMITS.maxFileBytes * 4) / 3) + 8) + 1024 * 1024;

/** 派单 (server-behaviour §10): the operator's calls at the spec's paths, the installer's under /pd/installer/. */
export function dispatchRoutes(app: FastifyInstance, s: { dispatch: DispatchService; install: InstallService; files: OrderFiles; changes: OrderChanges }): void {
  const { dispatch, install, files, changes } = s;
  route(app, DispatchCalls.quickDispatch, async ({ user, body }) => {
    const { message, ...change } = await dispatch.create(user, body);
    return said(message, change);
  });
  route(app, DispatchCalls.list, async ({ user, body }) => dispatch.page(user, body, false));
  route(app, DispatchCalls.abnormal, async ({ user, body }) => dispatch.abnormal(user, body));
  route(app, DispatchCalls.detail, async ({ user, query }) => dispatch.detail(user, query.id));
  route(app, DispatchCalls.counts, async ({ user }) => dispatch.counts(user));
  route(app, DispatchCalls.installers, async ({ user, query }) => dispatch.installers(user, query.id));
  route(app, DispatchCalls.searchCars, async ({ user, query }) => dispatch.cars(user, query.keyword));
  route(app, DispatchCalls.reDispatch, async ({ user, body }) => said('派单成功', await dispatch.reDispatch(user, body)));
  route(app, DispatchCalls.revoke, async ({ user, body }) => said('订单已撤销', await dispatch.revoke(user, body)));
  route(app, DispatchCalls.audit, async ({ user, body }) => said(body.pass ? '审核通过，订单已完成' : '已驳回，订单退回安装商', await dispatch.audit(user, body)));

  route(app, DispatchCalls.files, async ({ user, query }) => {
    await changes.load(user, query.orderId);
    return (await files.list(query.orderId)).map(toOrderFile);
  });
  route(app, DispatchCalls.fileContent, async ({ user, query, reply }) => {
    const row = await files.row(query.id);
    // A file of an order outside the caller's scope is as absent as one that never was.
    if (!row) throw notFound('文件不存在');
    await changes.load(user, row.order_id).catch(() => { throw notFound('文件不存在'); });
    const encoded = encodeURIComponent(row.file_name);
    return reply
      .type(row.mime_type)
      .header('Content-Length', String(row.size))
      .header('Content-Disposition', `inline; filename="file"; filename*=UTF-8''${encoded}`)
      .header('Cache-Control', 'private, max-age=3600')
      .send(files.open(row.path));
  });

  route(app, DispatchCalls.mine, async ({ user, body }) => dispatch.page(user, body, true));
  route(app, DispatchCalls.accept, async ({ user, body }) => said('已接单', await install.accept(user, body.id)));
  route(app, DispatchCalls.upload, async ({ user, body }) => said('文件已上传', await install.upload(user, body)), { bodyLimit: UPLOAD_BODY_LIMIT });
  route(app, DispatchCalls.setDevices, async ({ user, body }) => said('设备已登记', await install.setDevices(user, body)));
  route(app, DispatchCalls.markInstalled, async ({ user, body }) => said('已标记安装完成，等待审核', await install.markInstalled(user, body.id)));
}
