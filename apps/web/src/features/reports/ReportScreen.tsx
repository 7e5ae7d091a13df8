import type { ReportName } from '@cvrisk/contracts';
import { ReportCalls } from '@cvrisk/contracts';
import { useCallback, useMemo } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { columnsOf, FieldFilterForm, formValuesOf, queryOfForm, type ListField } from '../../components/listFields';
import { ListScreen } from '../../components/ListScreen';
import { useServerSort } from '../../components/useServerSort';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { QuerySchema } from '../../lib/listQuery';
import type { ReportScreenDef } from './reportScreens';
import { ReportSummaryCard } from './ReportSummaryCard';
import { exportReport, fetchReportPage, type Keyed } from './reports.queries';

type Query = { pageNumber: number; pageSize: number; sortField?: string; sortOrder?: 'asc' | 'desc' };

/**
 * A report screen from its declaration: the period and car filters (in the address bar), the totals
 * and chart of the whole selection, the sortable table with links to each car's track and portrait,
 * and 导出 of the same rows in the same order.
 */
export function ReportScreen<T extends object>({ def }: { def: ReportScreenDef<T> }) {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const name: ReportName = def.name;
  const schema = ReportCalls[name].list.body as unknown as QuerySchema<Query>;
  const fields = useMemo(() => (typeof def.fields === 'function' ? def.fields(lang) : def.fields), [def, lang]);
  const base = useMemo(() => columnsOf(fields as ListField<Keyed<T>>[], t), [fields, t]);
  const { columns, onSort } = useServerSort(schema, base, def.sortable);
  const fetchPage = useCallback((q: Query, signal: AbortSignal) => fetchReportPage<T>(name, q, signal), [name]);
  const toForm = useCallback((q: Query) => formValuesOf(fields, q), [fields]);
  const fromForm = useCallback(
    (values: Record<string, unknown>, current: Query) => ({ ...queryOfForm(fields, values), sortField: current.sortField, sortOrder: current.sortOrder }),
    [fields],
  );
  const title = t(def.title);
  return (
    <ListScreen
      id={`report-${name}`}
      title={title}
      schema={schema}
      fetchPage={fetchPage}
      toForm={toForm}
      fromForm={fromForm}
      filters={(props) => <FieldFilterForm fields={fields} {...props} />}
      summary={(filters) => <ReportSummaryCard name={name} filters={summaryFilters(filters)} totals={def.totals} chart={def.chart} />}
      columns={columns}
      rowKey="rowKey"
      exportFile={(filters, onProgress) => exportReport(name, title, filters, onProgress)}
      exportAllowed={user.permissions.includes(ReportCalls[name].download.access)}
      table={{ onSort }}
    />
  );
}

/** The summary does not depend on the order: leaving it out lets a sort reuse the summary already shown. */
function summaryFilters(filters: Record<string, unknown>) {
  const { sortField: _f, sortOrder: _o, ...rest } = filters;
  return rest;
}
