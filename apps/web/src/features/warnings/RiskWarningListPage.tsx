import { CheckSquareOutlined } from '@ant-design/icons';
import { WarningListQuery, type WarningListItem } from '@cvrisk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { subscribeLive } from '../../api/liveStream';
import { useSession } from '../../app/session/SessionContext';
import { dictName } from '../../components/DictSelect';
import { ExportButton } from '../../components/ExportButton';
import { ListScreen, listPageQuery } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useListQuery } from '../../lib/useListQuery';
import { warningDetailPath } from '../../lib/warningLinks';
import { useListKeys } from './listKeys';
import { TreatDialog, type TreatMode, type TreatTarget } from './TreatDialog';
import { warningColumns } from './warningColumns';
import { WarningFilterForm } from './WarningFilterForm';
import { filtersFromQuery, filtersToQuery, type WarningFilterValues } from './warningFilters';
import { exportWarningCustomers, exportWarnings, fetchWarningPage, warningTypeDictQuery, WARNINGS_KEY } from './warnings.queries';
import './warnings.css';

type Treating = { mode: TreatMode; target: TreatTarget } | null;

/** A new search keeps the chosen sort. */
const fromForm = (v: WarningFilterValues, q: WarningListQuery) => ({ ...filtersToQuery(v), sortField: q.sortField, sortOrder: q.sortOrder });

/**
 * 风险预警: every warning in scope, filtered from the address bar (so the home page, the top bar and
 * the quick search can open it pre-filtered), handled one by one (with the device's earlier ones
 * of the same type) or as a chosen batch. The shared list screen, with selection, sorting and a
 * keyboard-driven current row.
 */
export function RiskWarningListPage() {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { query, search } = useListQuery(WarningListQuery);
  // A choice belongs to the page it was made on: another query starts with none.
  const queryKey = JSON.stringify(query);
  const [choice, setChoice] = useState<{ key: string; ids: number[] }>({ key: '', ids: [] });
  const selected = choice.key === queryKey ? choice.ids : [];
  const setSelected = (ids: number[]) => setChoice({ key: queryKey, ids });
  const [treating, setTreating] = useState<Treating>(null);
  const types = useQuery(warningTypeDictQuery());
  // The screen's own page of rows (the same cache entry), for the keyboard.
  const list = useQuery(listPageQuery(WARNINGS_KEY, fetchWarningPage, query));
  const canHandle = user.permissions.includes('warning:handle');
  const { pageNumber: _page, pageSize: _size, sortField, sortOrder, ...filters } = query;

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

  const onSort = (one: SorterResult<WarningListItem>) => {
    const field = one.order ? (one.columnKey as 'warningTime' | 'riskLevel') : undefined;
    const order = one.order === 'ascend' ? 'asc' : one.order === 'descend' ? 'desc' : undefined;
    if (field === sortField && order === sortOrder) return;
    search({ ...filters, sortField: field, sortOrder: order });
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
    <>
      <ListScreen
        id={WARNINGS_KEY}
        title={
          <>
            {t('warnings.title')}
            <span className="warning-keys-hint">{t('warnings.keysHint')}</span>
          </>
        }
        schema={WarningListQuery}
        fetchPage={fetchWarningPage}
        toForm={filtersFromQuery}
        fromForm={fromForm}
        filters={(props) => <WarningFilterForm {...props} />}
        columns={columns}
        rowKey="id"
        actions={
          <>
            {canHandle && batch}
            <ExportButton label={t('warnings.exportWarnings')} disabled={!mayExport} run={(p) => exportWarnings(filters, p)} />
            <ExportButton label={t('warnings.exportCustomers')} disabled={!mayExport} run={(p) => exportWarningCustomers(filters, p)} />
          </>
        }
        table={{
          className: 'warning-table',
          rowSelection: canHandle
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (r) => ({ disabled: r.dealStatus !== 0 }),
                fixed: true,
                columnWidth: 40,
              }
            : undefined,
          rowClassName: (r) => [r.compound && r.dealStatus === 0 ? 'warning-row-compound' : '', r.id === currentId ? 'is-current' : ''].join(' ').trim(),
          onSort,
        }}
      />
      {treating && (
        <TreatDialog open mode={treating.mode} target={treating.target} onClose={() => setTreating(null)} onDone={() => setSelected([])} />
      )}
    </>
  );
}
