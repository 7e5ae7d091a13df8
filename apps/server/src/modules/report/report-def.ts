import type { PageResult, ReportSummary } from '@cvrisk/contracts';
import type { Scope } from '../../lib/scope.js';
import type { XlsxColumn } from '../../lib/xlsx.js';

/** Rows an export reads per query. */
export const EXPORT_PAGE = 5000;

/**
 * One report screen: its page, its chart and totals, and its export columns. The export reads the
 * same pages the screen does, in the screen's order, so the file's rows are the screen's rows.
 */
export type ReportDef<Q, Row> = {
  /** Names the export file. */
  title: string;
  page(scope: Scope, q: Q, offset: number, limit: number): Promise<PageResult<Row>>;
  summary(scope: Scope, q: Q): Promise<ReportSummary>;
  columns: XlsxColumn<Row>[];
};

export async function* exportPages<Q, Row>(def: ReportDef<Q, Row>, scope: Scope, q: Q): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const { list } = await def.page(scope, q, offset, EXPORT_PAGE);
    if (list.length) yield list;
    if (list.length < EXPORT_PAGE) return;
  }
}

/** The direction of a sort: as asked, else largest first for a figure and A to Z for a name or number. */
export const isDesc = (order: 'asc' | 'desc' | undefined, field: string | undefined, ascending: readonly string[] = ['deviceNumber']) =>
  order ? order === 'desc' : !ascending.includes(field ?? '');
