import { AuditListQuery } from '@cvrisk/contracts';
import { useMemo } from 'react';
import { FieldFilterForm } from '../../components/listFields';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { AUDIT_FIELDS, auditColumns, filtersFromQuery, filtersToQuery } from './auditFields';
import { exportAudit, fetchAuditPage } from './auditLog.queries';

/** 审计日志 (系统管理): who did what, when and from where, in the caller's departments; read only, with its export. */
export function AuditLogPage() {
  const { t } = useI18n();
  const columns = useMemo(() => auditColumns(t), [t]);

  return (
    <ListScreen
      id="auditLog"
      title={t('audit.title')}
      schema={AuditListQuery}
      fetchPage={fetchAuditPage}
      toForm={filtersFromQuery}
      fromForm={filtersToQuery}
      filters={(props) => <FieldFilterForm fields={AUDIT_FIELDS} {...props} />}
      columns={columns}
      rowKey="id"
      exportFile={exportAudit}
      // The screen itself needs audit:view, which is also what the export asks.
      exportAllowed
    />
  );
}
