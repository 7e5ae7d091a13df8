import { ReportCalls, type ReportName } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { exportPages, type ReportDef } from './report-def.js';

export type Reports = { [N in ReportName]: ReportDef<never, unknown> };

/**
 * Every report screen's three calls from its definition: the page, the export (the contract refuses
 * a bad period before the stream starts, so it is a 400 and not a broken file) and the summary.
 */
export function reportRoutes(app: FastifyInstance, reports: Reports): void {
  for (const name of Object.keys(ReportCalls) as ReportName[]) {
    const calls = ReportCalls[name];
    const def = reports[name] as ReportDef<unknown, unknown>;
    route(app, calls.list, async ({ user, body }) => {
      const q = body as { pageNumber: number; pageSize: number };
      return (await def.page(user.scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize)) as never;
    });
    route(app, calls.download, async ({ user, body, reply }) => sendXlsx(reply, exportFileName(def.title), def.columns, exportPages(def, user.scope, body)));
    route(app, calls.summary, async ({ user, body }) => def.summary(user.scope, body));
  }
}
