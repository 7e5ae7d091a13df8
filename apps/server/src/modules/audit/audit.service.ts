import { AUDIT_ACTIONS, formatTime, type AuditAction, type AuditExportQuery, type AuditItem, type AuditListQuery, type PageResult } from '@cvrisk/contracts';
import type { XlsxColumn } from '../../lib/xlsx.js';
import type { SessionUser } from '../session/session-user.js';
import { collectIds, detailLines, parseDetail, type NamedKind, type Names } from './audit-detail.js';
import type { AuditRepository, AuditRow } from './audit.repository.js';

/** An action recorded under a key this version no longer names still shows, by its key. */
const actionLabel = (action: string): string => AUDIT_ACTIONS[action as AuditAction]?.zh ?? action;

/** A handled warning was recorded by its id alone: named by its device and type where it still exists. */
function targetOf(r: AuditRow, names: Names): string {
  if (r.action !== 'warning.handle' || !/^\d+$/.test(r.target)) return r.target;
  const name = names.warning.get(Number(r.target));
  return name ? `预警 #${r.target} ${name}` : `预警 #${r.target}`;
}

/** A page of entries with their details as readable lines, the ids they mention named in one query per kind. */
async function toItems(repo: AuditRepository, rows: AuditRow[]): Promise<AuditItem[]> {
  const details = rows.map((r) => parseDetail(r.detail));
  const ids: Record<NamedKind, Set<number>> = { dept: new Set(), role: new Set(), user: new Set(), device: new Set(), warning: new Set() };
  for (const d of details) collectIds(d, ids);
  for (const r of rows) if (r.action === 'warning.handle' && /^\d+$/.test(r.target)) ids.warning.add(Number(r.target));
  const names = await repo.names(ids);
  return rows.map((r, i) => ({
    id: r.id, at: formatTime(r.at), userId: r.user_id, username: r.username, realname: r.realname, deptId: r.dept_id, deptName: r.dept_name,
    ip: r.ip, action: r.action, actionLabel: actionLabel(r.action), target: targetOf(r, names), detail: r.detail, details: detailLines(details[i], names),
  }));
}

export const AUDIT_EXPORT_COLUMNS: XlsxColumn<AuditItem>[] = [
  { header: '时间', width: 20, value: (r) => r.at },
  { header: '账号', width: 16, value: (r) => r.username },
  { header: '姓名', width: 12, value: (r) => r.realname },
  { header: '所属机构', width: 24, value: (r) => r.deptName },
  { header: 'IP地址', width: 18, value: (r) => r.ip },
  { header: '操作', width: 16, value: (r) => r.actionLabel },
  { header: '对象', width: 30, value: (r) => r.target },
  { header: '详情', width: 80, value: (r) => r.details.map((l) => `${l.label}：${l.value}`).join('；') },
];

/** The audit log, read only: the list and export of the caller's subtree, newest first. */
export function createAuditService(repo: AuditRepository, bulk: AuditRepository) {
  return {
    async list(user: SessionUser, q: AuditListQuery): Promise<PageResult<AuditItem>> {
      const { rows, count } = await repo.page(user.scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      return { list: await toItems(repo, rows), count };
    },

    async *exportPages(user: SessionUser, q: AuditExportQuery): AsyncGenerator<AuditItem[]> {
      for await (const rows of bulk.pages(user.scope, q)) yield await toItems(bulk, rows);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
