import { RecoveryCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route, said } from '../../lib/route.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { CASE_EXPORT_COLUMNS } from './case-export.js';
import type { CaseDetailService } from './case-detail.service.js';
import type { CaseService } from './case.service.js';
import type { LinkService } from './field-link.service.js';
import type { SessionUser } from '../session/session-user.js';

/** 追车管理 (issue 32): the case calls; immobilisation's are the vehicle-control module's. */
export function recoveryRoutes(app: FastifyInstance, s: { cases: CaseService; detail: CaseDetailService; links: LinkService; awaitingApproval: (user: SessionUser) => Promise<number> }): void {
  const { cases, detail, links } = s;
  const detailOf = async (user: SessionUser, id: number) => detail.detail(user, await cases.visible(user, id));

  route(app, RecoveryCalls.list, async ({ user, body }) => cases.page(user, body));
  route(app, RecoveryCalls.export, async ({ user, body, reply }) => sendXlsx(reply, exportFileName('追车案件'), CASE_EXPORT_COLUMNS, cases.exportPages(user, body)));
  route(app, RecoveryCalls.detail, async ({ user, query }) => detailOf(user, query.id));
  route(app, RecoveryCalls.open, async ({ user, body, request }) => said('追车案件已新建', await detailOf(user, await cases.open(user, request.ip, body))));
  route(app, RecoveryCalls.change, async ({ user, body, request }) => {
    await cases.change(user, request.ip, body);
    return said('案件已更新', await detailOf(user, body.id));
  });
  route(app, RecoveryCalls.teams, async ({ user, query }) => cases.teams(user, query.caseId));
  route(app, RecoveryCalls.summary, async ({ user }) => cases.summary(user, () => s.awaitingApproval(user)));
  route(app, RecoveryCalls.linkCreate, async ({ user, body, request }) =>
    said('外勤链接已创建，地址只显示这一次', await links.create(user, request.ip, await cases.visible(user, body.caseId), body)));
  route(app, RecoveryCalls.linkRevoke, async ({ user, body, request }) => said('链接已撤销', await links.revoke(user, request.ip, body.id, (caseId) => cases.visible(user, caseId))));
  route(app, RecoveryCalls.linkOpens, async ({ user, query }) => {
    await cases.visible(user, query.id);
    return links.opens(query.id);
  });
}
