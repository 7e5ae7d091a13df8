import type { PageResult } from '@cvrisk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Card, Form, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { freshList } from '../app/queryClient';
import { useI18n } from '../lib/i18n/I18nProvider';
import { hasFilters, type QuerySchema } from '../lib/listQuery';
import { useListQuery } from '../lib/useListQuery';
import { AutoRefreshSwitch } from './AutoRefreshSwitch';
import { ExportButton } from './ExportButton';
import { ListTable, type ListColumn, type ListTableExtras } from './ListTable';
import { ListToolbar, type Density } from './ListToolbar';
import { filtersSet, PhoneFilters } from './PhoneFilters';
import { usePhone } from '../lib/usePhone';
import { useColumnSettings } from './useColumnSettings';

type Paged = { pageNumber: number; pageSize: number };
type Filters<Q> = Partial<Omit<Q, keyof Paged>>;
type Progress = (receivedBytes: number, totalBytes: number | null) => void;

export type FilterFormProps<V> = {
  form: FormInstance<V>;
  onSearch: (values: V) => void;
  onReset: () => void;
  loading: boolean;
};

type Props<Q extends Paged, V, T extends object> = {
  /** Names the table's cache entries and its saved column choice. */
  id: string;
  title: ReactNode;
  schema: QuerySchema<Q>;
  fetchPage: (query: Q, signal: AbortSignal) => Promise<PageResult<T>>;
  /** Form values from the address bar, and back (`current`: what the form does not hold, such as the sort). */
  toForm: (query: Q) => V;
  fromForm: (values: V, current: Q) => Filters<Q>;
  filters: (props: FilterFormProps<V>) => ReactNode;
  columns: ListColumn<T>[];
  rowKey: keyof T & string;
  /** 导出 with the screen's filters (no paging). */
  exportFile?: (filters: Filters<Q>, onProgress: Progress) => Promise<{ blob: Blob; fileName: string }>;
  exportAllowed?: boolean;
  /** Screen tools left of 导出, such as a batch query. */
  actions?: ReactNode;
  /** A live screen: refetch this often while its 自动刷新 switch is on (and the tab is visible). */
  autoRefreshMs?: number;
  /** Selection, row marks and sorting, handed to the table as they are. */
  table?: ListTableExtras<T>;
  /** What the whole selection adds up to (a report's totals and chart), between the filters and the table. */
  summary?: (filters: Filters<Q>) => ReactNode;
};

/** The screen's page of rows. A screen that needs the rows itself (its keyboard, say) reads the same entry. */
export function listPageQuery<Q, T>(id: string, fetchPage: (query: Q, signal: AbortSignal) => Promise<PageResult<T>>, query: Q) {
  return queryOptions({
    queryKey: [id, 'list', query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    ...freshList,
  });
}

function withoutPaging<Q extends Paged>(query: Q): Filters<Q> {
  const { pageNumber: _page, pageSize: _size, ...filters } = query;
  return filters as Filters<Q>;
}

/**
 * A list screen as finance staff expect it: filters (mirrored in the address bar), a toolbar with
 * 导出 and table tools, and a server-paged table. TanStack Query holds the rows.
 */
export function ListScreen<Q extends Paged, V, T extends object>(p: Props<Q, V, T>) {
  const { t } = useI18n();
  const { query, search, page } = useListQuery(p.schema);
  const [form] = Form.useForm<V>();
  const [density, setDensity] = useState<Density>('middle');
  const { hidden, setHidden } = useColumnSettings(p.id);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const live = p.autoRefreshMs !== undefined;
  const list = useQuery({
    ...listPageQuery(p.id, p.fetchPage, query),
    refetchInterval: live && autoRefresh ? p.autoRefreshMs : false,
  });
  // A live screen updates its rows in place (the refresh icon spins): covering the table at every
  // timed refresh would make it unreadable. It still shows loading when other rows were asked for.
  const tableLoading = live ? list.isPending || (list.isPlaceholderData && list.isFetching) : list.isFetching;
  const { toForm } = p;

  // The address bar is the source of truth: back/forward and shared links refill the form.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(query) as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, query, toForm]);

  // A phone: the filters behind 筛选 with the page's title, the rows as cards (ListTable).
  const phone = usePhone();
  const exportFile = p.exportFile;
  return (
    <div className="list-page">
      <PhoneFilters phone={phone} title={p.title} queryKey={JSON.stringify(query)} count={filtersSet(toForm(query))}>
      {p.filters({ form, loading: tableLoading, onSearch: (values) => {
        if (!search(p.fromForm(values, query))) void list.refetch();
      }, onReset: () => search({}) })}
      </PhoneFilters>
      {p.summary?.(withoutPaging(query))}
      <Card variant="borderless" className="list-card">
        <ListToolbar
          title={phone ? null : p.title}
          actions={
            <>
              {p.actions}
              {exportFile && (
                <ExportButton
                  disabledReason={p.exportAllowed === false ? t('common.exportNotAllowed') : undefined}
                  run={(onProgress) => exportFile(withoutPaging(query), onProgress)}
                />
              )}
            </>
          }
          autoRefresh={
            p.autoRefreshMs !== undefined && (
              <AutoRefreshSwitch on={autoRefresh} onChange={setAutoRefresh} everyMs={p.autoRefreshMs} updatedAt={list.dataUpdatedAt} />
            )
          }
          onRefresh={() => void list.refetch()}
          refreshing={list.isFetching}
          density={density}
          onDensity={setDensity}
          columns={p.columns}
          hidden={hidden}
          onHidden={setHidden}
        />
        <ListTable
          rowKey={p.rowKey}
          columns={p.columns.filter((c) => !hidden.includes(c.key))}
          data={list.data}
          loading={tableLoading}
          pageNumber={query.pageNumber}
          pageSize={query.pageSize}
          onPage={page}
          density={density}
          filtered={hasFilters(query)}
          {...p.table}
        />
      </Card>
    </div>
  );
}
