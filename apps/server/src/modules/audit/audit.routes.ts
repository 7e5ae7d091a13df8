import { AuditCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { AUDIT_EXPORT_COLUMNS, type AuditService } from './audit.service.js';

/** 审计日志: the list and its export (the export is itself recorded, as every file reply is). */
export function auditRoutes(app: FastifyInstance, audit: AuditService): void {
  route(app, AuditCalls.list, async ({ user, body }) => audit.list(user, body));
  route(app, AuditCalls.download, async ({ user, body, reply }) =>
    sendXlsx(reply, exportFileName('审计日志'), AUDIT_EXPORT_COLUMNS, audit.exportPages(user, body)),
  );
}
