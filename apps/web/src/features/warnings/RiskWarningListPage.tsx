import { CheckSquareOutlined } from '@ant-design/icons';
import { WarningListQuery, type WarningListItem } from '@cvrisk/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Table, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { subscribeLive } from '../../api/liveStream';
import { useShell } from '../../app/layout/ShellContext';
import { useSession } from '../../app/session/SessionContext';
import { warningDetailPath } from '../../app/layout/topbar/TickerDetailsDialog';
import { dictName } from '../../components/DictSelect';
import { ExportButton } from '../../components/ExportButton';
import { ListToolbar, type Density } from '../../components/ListToolbar';
import { useColumnSettings } from '../../components/useColumnSettings';
import { hasFilters, PAGE_SIZE_OPTIONS } from '../../lib/listQuery';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useListQuery } from '../../lib/useListQuery';
import { useListKeys } from './listKeys';
import { TreatDialog, type TreatMode, type TreatTarget } from './TreatDialog';
import { warningColumns } from './warningColumns';
import { WarningFilterForm } from './WarningFilterForm';
import { filtersFromQuery, filtersToQuery, type WarningFilterValues } from './warningFilters';
import { exportWarningCustomers, exportWarnings, fetchWarningPage, warningTypeDictQuery, WARNINGS_KEY } from './warnings.queries';
import '../../components/list.css';
import './warnings.css';

type Treating = { mode: TreatMode; target: TreatTarget } | null;



/**
 * 风险预警: every warning in scope, filtered from the address bar (so the home page, the top bar and
 * the quick search can open it pre-filtered), handled one by one (with the device's earlier ones
 * of the same type) or as a chosen batch.
 */
export function RiskWarningListPage() {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const { stickyOffset } = useShell();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { query, search, page } = useListQuery(WarningListQuery);
  const [form] = Form.useForm<WarningFilterValues>();
  const [density, setDensity] = useState<Density>('middle');
  const { hidden, setHidden } = useColumnSettings(WARNINGS_KEY);
  // A choice belongs to the page it was made on: another query starts with none.
  const queryKey = JSON.stringify(query);
  const [choice, setChoice] = useState<{ key: string; ids: number[] }>({ key: '', ids: [] });
  const selected = choice.key === queryKey ? choice.ids : [];
  const setSelected = (ids: number[]) => setChoice({ key: queryKey, ids });
  const [treating, setTreating] = useState<Treating>(null);
  const types = useQuery(warningTypeDictQuery());
  const list = useQuery({
    queryKey: [WARNINGS_KEY, 'list', query],
    queryFn: ({ signal }) => fetchWarningPage(query, signal),
    placeholderData: keepPreviousData,
  });
  const canHandle = user.permissions.includes('warning:handle');
  const { pageNumber: _page, pageSize: _size, sortField, sortOrder, ...filters } = query;
  const sort = { sortField, sortOrder };

  // The address bar is the source of truth: back/forward and shared links refill the form.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(filtersFromQuery(query));
  }, [form, query]);

  // Someone else handled warnings: this page may show them as open.
  useEffect(() => subscribeLive('warningHandled', () => void client.invalidateQueries({ queryKey: [WARNINGS_KEY] })), [client]);

  // unifyDeal: this warning and the device's earlier unhandled ones of its type.
  const handle = useCallback(
    (w: WarningListItem) => setTreating({ mode: 'unify', target: { id: w.id, warningType: w.warningType, deviceNumber: w.deviceNumber } }),
    [],
  );
  const columns = useMemo(() => {
    const names = new Map((types.data ?? []).map((x) => [x.code as number, dictName(x, lang)]));
    return warningColumns(t, lang, {
      canHandle,
      typeName: (code) => names.get(code),
      onHandle: handle,
      onDetail: (w) => navigate(warningDetailPath(w)),
      sort: { sortField, sortOrder },
    });
  }, [t, lang, types.data, canHandle, handle, navigate, sortField, sortOrder]);
  const shown = columns.filter((c) => !hidden.includes(c.key));

  // The keyboard: a current row, handled or opened without the mouse (listKeys.ts).
  const rows = list.data?.list ?? [];
  const runKey = useCallback(
    (index: number, act: 'handle' | 'detail') => {
      const w = list.data?.list[index];
      if (!w) return;
      if (act === 'detail') navigate(warningDetailPath(w));
      else if (canHandle && w.dealStatus === 0) handle(w);
    },
    [list.data, canHandle, handle, navigate],
  );
  const current = useListKeys(rows.length, treating !== null, runKey);
  const currentId = rows[current]?.id;
  useEffect(() => {
    if (currentId !== undefined) document.querySelector('.warning-table tr.is-current')?.scrollIntoView({ block: 'nearest' });
  }, [currentId]);

  const onSort = (s: SorterResult<WarningListItem> | SorterResult<WarningListItem>[]) => {
    const one = Array.isArray(s) ? s[0] : s;
    const field = one?.order ? (one.columnKey as 'warningTime' | 'riskLevel') : undefined;
    const sortOrder = one?.order === 'ascend' ? 'asc' : one?.order === 'descend' ? 'desc' : undefined;
    if (field === sort.sortField && sortOrder === sort.sortOrder) return;
    search({ ...filters, sortField: field, sortOrder });
  };

  const batch = (
    <Tooltip title={selected.length === 0 ? t('warnings.selectHint') : undefined}>
      <Button icon={<CheckSquareOutlined />} disabled={selected.length === 0} onClick={() => setTreating({ mode: 'batch', target: { ids: selected } })}>
        {selected.length ? t('warnings.handleSelectedCount', { count: selected.length }) : t('warnings.handleSelected')}
      </Button>
    </Tooltip>
  );
  const mayExport = user.permissions.includes('warning:export');

  return (
    <div className="list-page">
      <WarningFilterForm
        form={form}
        loading={list.isFetching}
        onSearch={(v) => search({ ...filtersToQuery(v), ...sort })}
        onReset={() => search({})}
      />
      <Card variant="borderless" className="list-card">
        <ListToolbar
          title={
            <>
              {t('warnings.title')}
              <span className="warning-keys-hint">{t('warnings.keysHint')}</span>
            </>
          }
          actions={
            <>
              {canHandle && batch}
              <ExportButton label={t('warnings.exportWarnings')} disabled={!mayExport} run={(p) => exportWarnings(filters, p)} />
              <ExportButton label={t('warnings.exportCustomers')} disabled={!mayExport} run={(p) => exportWarningCustomers(filters, p)} />
            </>
          }
          onRefresh={() => void list.refetch()}
          refreshing={list.isFetching}
          density={density}
          onDensity={setDensity}
          columns={columns}
          hidden={hidden}
          onHidden={setHidden}
        />
        <Table<WarningListItem>
          rowKey="id"
          className="warning-table"
          columns={shown}
          dataSource={list.data?.list}
          loading={list.isFetching}
          size={density}
          bordered
          sticky={{ offsetHeader: stickyOffset }}
          scroll={{ x: shown.reduce((sum, c) => sum + c.width, 0) }}
          rowSelection={
            canHandle
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  getCheckboxProps: (r) => ({ disabled: r.dealStatus !== 0 }),
                  fixed: true,
                  columnWidth: 40,
                }
              : undefined
          }
          rowClassName={(r) => [r.compound && r.dealStatus === 0 ? 'warning-row-compound' : '', r.id === currentId ? 'is-current' : ''].join(' ').trim()}
          onChange={(_p, _f, s, extra) => extra.action === 'sort' && onSort(s)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={hasFilters(query) ? t('common.emptyFiltered') : t('common.noData')} /> }}
          pagination={{
            current: query.pageNumber,
            pageSize: query.pageSize,
            total: list.data?.count ?? 0,
            showSizeChanger: true,
            showQuickJumper: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS,
            showTotal: (total) => t('common.total', { total }),
            placement: ['bottomEnd'],
            onChange: page,
          }}
        />
      </Card>
      {treating && (
        <TreatDialog
          open
          mode={treating.mode}
          target={treating.target}
          onClose={() => setTreating(null)}
          onDone={() => setSelected([])}
        />
      )}
    </div>
  );
}
