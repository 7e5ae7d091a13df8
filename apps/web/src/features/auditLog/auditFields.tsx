import { AUDIT_ACTIONS, AuditActionKeys, type AuditAction, type AuditExportQuery, type AuditItem, type AuditListQuery } from '@cvrisk/contracts';
import { Tag, Tooltip, Typography } from 'antd';
import './auditLog.css';
import { columnsOf, formValuesOf, queryOfForm, type ListField } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import type { TimeRange } from '../../lib/filterValues';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';

/** Sign-in trouble and deletions stand out; everything else reads as routine. */
const ACTION_COLORS: Partial<Record<AuditAction, string>> = {
  'session.loginFailed': 'red',
  'integration.keyRejected': 'red',
  'push.delete': 'orange',
  'integration.revoke': 'orange',
  export: 'blue',
};

/** The action in the console's language; an action this version does not know shows the server's label. */
function ActionTag({ row }: { row: AuditItem }) {
  const { lang } = useI18n();
  const known = AUDIT_ACTIONS[row.action as AuditAction];
  return <Tag color={ACTION_COLORS[row.action as AuditAction]}>{known ? known[lang] : row.actionLabel}</Tag>;
}

/**
 * What the entry recorded, as the server words it: one "label：value" line each, names rather than
 * ids. The first lines show in the table, all of them in the tooltip. Never the JSON.
 */
const SHOWN_LINES = 3;
function Detail({ row }: { row: AuditItem }) {
  if (row.details.length === 0) return '-';
  const lines = row.details.map((l) => `${l.label}：${l.value}`);
  return (
    <Tooltip title={<div className="audit-detail-tip">{lines.map((l, i) => <div key={i}>{l}</div>)}</div>}>
      <div className="audit-detail">
        {lines.slice(0, SHOWN_LINES).map((l, i) => <Typography.Text key={i} ellipsis className="audit-detail-line">{l}</Typography.Text>)}
        {lines.length > SHOWN_LINES && <Typography.Text type="secondary">…</Typography.Text>}
      </div>
    </Tooltip>
  );
}

/** 审计日志, field by field: the filters (form, address bar, list call and export) and the columns. */
export const AUDIT_FIELDS: ListField<AuditItem>[] = [
  { name: 'username', label: 'audit.user', filter: { type: 'text', maxLength: 50 } },
  {
    name: 'action', label: 'audit.action',
    filter: { type: 'select', searchable: true, options: (lang) => AuditActionKeys.map((a) => ({ value: a, label: AUDIT_ACTIONS[a][lang] })) },
  },
  { name: 'deptId', label: 'audit.dept', filter: { type: 'dept' } },
  { name: 'time', label: 'audit.time', filter: { type: 'timeRange', start: 'beginTime', end: 'endTime' } },
  { name: 'at', label: 'audit.time', column: { width: 155, fixed: 'left', locked: true } },
  { name: 'username', label: 'audit.account', column: { width: 100 } },
  { name: 'realname', label: 'audit.realname', column: { width: 80 } },
  { name: 'deptName', label: 'audit.dept', column: { width: 160 } },
  { name: 'ip', label: 'audit.ip', column: { width: 110 } },
  { name: 'action', label: 'audit.action', column: { width: 115, render: (r) => <ActionTag row={r} /> } },
  { name: 'target', label: 'audit.target', column: { width: 170, ellipsis: true } },
  { name: 'detail', label: 'audit.detail', column: { width: 275, render: (r) => <Detail row={r} /> } },
];

/** The filter form's values; the time is a date-time range on when the action happened. */
export type AuditFilterValues = {
  username?: string;
  action?: AuditAction;
  deptId?: number;
  time?: TimeRange | null;
};

export const filtersFromQuery = (q: AuditListQuery) => formValuesOf(AUDIT_FIELDS, q) as AuditFilterValues;
export const filtersToQuery = (v: AuditFilterValues) => queryOfForm(AUDIT_FIELDS, v) as AuditExportQuery;
export const auditColumns = (t: Translate): ListColumn<AuditItem>[] => columnsOf(AUDIT_FIELDS, t);
