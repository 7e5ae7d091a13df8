import { AuditCalls, type AuditExportQuery, type AuditListQuery } from '@cvrisk/contracts';
import { call, download } from '../../api/call';

export function fetchAuditPage(query: AuditListQuery, signal: AbortSignal) {
  return call(AuditCalls.list, { body: query }, { signal });
}

export function exportAudit(filters: Partial<AuditExportQuery>, onProgress: (received: number, total: number | null) => void) {
  return download(AuditCalls.download, { body: filters }, { fallbackName: '审计日志.xlsx', onProgress });
}
