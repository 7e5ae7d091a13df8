import { z } from 'zod';
import { defineCall, XLSX_FILE } from './api/call.js';
import { AuditActionKeys, type AuditAction } from './audit-actions.js';
import { PageQuery, pageOf } from './envelope.js';
import { id, optional, optionalText, TimeText, timeRangeInOrder } from './fields.js';

/**
 * The audit log's filters. The time range is optional (no range: everything the caller may see);
 * `deptId` narrows within the caller's scope and never widens it.
 */
const auditFilters = {
  /** Part of the acting user's name (account name or real name). */
  username: optionalText(50),
  userId: optional(id()),
  action: optional(z.enum(AuditActionKeys as [AuditAction, ...AuditAction[]], '不是已知的操作类型')),
  deptId: optional(id()),
  beginTime: TimeText.optional(),
  endTime: TimeText.optional(),
};

const rangeInOrder = timeRangeInOrder('beginTime', 'endTime', '开始时间不能晚于结束时间');

export const AuditListQuery = PageQuery.extend(auditFilters).superRefine(rangeInOrder);
export type AuditListQuery = z.infer<typeof AuditListQuery>;
export const AuditExportQuery = z.object(auditFilters).superRefine(rangeInOrder);
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

/** One line of an entry's detail, as an operator reads it: a Chinese label and a value with names, not ids. */
export const AuditDetailLine = z.object({ label: z.string(), value: z.string() });
export type AuditDetailLine = z.infer<typeof AuditDetailLine>;

export const AuditItem = z.object({
  id: z.number(),
  /** `YYYY-MM-DD HH:mm:ss`, Asia/Shanghai. */
  at: z.string(),
  userId: z.number().nullable(),
  username: z.string(),
  /** Null when the account no longer exists or was never known (a failed sign-in). */
  realname: z.string().nullable(),
  deptId: z.number().nullable(),
  deptName: z.string().nullable(),
  ip: z.string(),
  action: z.string(),
  /** The action's Chinese label; the console shows its own language from AUDIT_ACTIONS. */
  actionLabel: z.string(),
  /** What the action touched, by name (a handled warning: its device and type). */
  target: z.string(),
  /** What changed, as recorded (JSON text): for machines; the console shows `details`. */
  detail: z.string(),
  /** The detail as readable lines, ids resolved to names server-side. */
  details: z.array(AuditDetailLine),
});
export type AuditItem = z.infer<typeof AuditItem>;

const TAG = '审计日志';

/** 审计日志 (issue 18): who did what, when and from where, within the caller's department subtree. Read only. */
export const AuditCalls = {
  list: defineCall({
    method: 'POST',
    path: '/api/system/audit/list',
    summary: '审计日志，按时间由新到旧，分页',
    tag: TAG,
    access: 'audit:view',
    body: AuditListQuery,
    reply: pageOf(AuditItem),
  }),
  download: defineCall({
    method: 'POST',
    path: '/api/system/audit/download',
    summary: '导出审计日志（.xlsx）',
    tag: TAG,
    access: 'audit:view',
    body: AuditExportQuery,
    reply: XLSX_FILE,
  }),
};
