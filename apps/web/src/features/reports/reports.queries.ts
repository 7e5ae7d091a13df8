import { ReportCalls, type PageResult, type ReportName, type ReportSummary } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, download } from '../../api/call';

/** A report row with the key the table needs: report rows are about a car and a time, not a record with an id. */
export type Keyed<T> = T & { rowKey: string };

type AnyCall = Parameters<typeof call>[0];

/** Page `pageNumber` of a report, each row keyed by its place in the whole list. */
export async function fetchReportPage<T>(name: ReportName, query: { pageNumber: number; pageSize: number }, signal: AbortSignal): Promise<PageResult<Keyed<T>>> {
  const page = (await call(ReportCalls[name].list as AnyCall, { body: query } as never, { signal })) as PageResult<T>;
  const first = (query.pageNumber - 1) * query.pageSize;
  return { count: page.count, list: page.list.map((r, i) => ({ ...r, rowKey: String(first + i) })) };
}

export function exportReport(name: ReportName, fileName: string, filters: object, onProgress: (received: number, total: number | null) => void) {
  return download(ReportCalls[name].download as never, { body: filters } as never, { fallbackName: `${fileName}.xlsx`, onProgress });
}

/** The totals and chart of the whole selection; kept a minute, as the figures move only as days fill. */
export function reportSummaryQuery(name: ReportName, filters: object) {
  return queryOptions({
    queryKey: ['report', name, 'summary', filters],
    queryFn: ({ signal }) => call(ReportCalls[name].summary as AnyCall, { body: filters } as never, { signal }) as Promise<ReportSummary>,
    staleTime: 60_000,
  });
}
