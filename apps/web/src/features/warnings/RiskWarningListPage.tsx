import { CheckSquareOutlined } from '@ant-design/icons';
import type { WarningListItem } from '@cvrisk/contracts';
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
import { formToView, toListQuery, viewToForm, WarningListViewSchema } from './warningListView';
import { WarningPhoneList } from './WarningPhoneList';
import { WarningQuickSearch } from './WarningQuickSearch';
import { usePhone } from '../../lib/usePhone';
import { exportWarningCustomers, exportWarnings, fetchWarningPage, warningTypeDictQuery, WARNINGS_KEY } from './warnings.queries';
import './warnings.css';

type Treating = { mode: TreatMode; target: TreatTarget } | null;

/**
 * 风险预警: every warning in scope, filtered from the address bar (so the home page, the top bar and
 * the quick search can open it pre-filtered; with no filter it opens on the unhandled queue), handled
 * one by one (with the device's earlier ones of the same type) or as a chosen batch. The shared list
 * screen, with selection, sorting and a keyboard-driven current row; cards on a phone.
 */
export function RiskWarningListPage() {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const phone = usePhone();
  const { query, search } = useListQuery(WarningListViewSchema);
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
  const canEditPhrases = user.permissions.includes('user:admin');
  const { pageNumber: _page, pageSize: _size, sortField, sortOrder, ...filters } = query;
  const { pageNumber: _p, pageSize: _s, ...exportFilters } = toListQuery(query);

  // Someone else handled warnings: this page may show them as open.
  useEffect(() => subscribeLive('warningHandled', () => void client.invalidateQueries({ queryKey: [WARNINGS_KEY] })), [client]);

  // unifyDeal: this warning and the device's earlier unhandled ones of its type.
  const handle = useCallback(
    (w: WarningListItem) => setTreating({ mode: 'unify', target: { id: w.id, warningType: w.warningType, deviceNumber: w.deviceNumber } }),
    [],
  );
  const names = useMemo(() => new Map((types.data ?? []).map((x) => [x.code as number, dictName(x, lang)])), [types.data, lang]);
  const columns = useMemo(
    () =>
      warningColumns(t, lang, {
        canHandle,
        typeName: (code) => names.get(code),
        onHandle: handle,
        onDetail: (w) => navigate(warningDetailPath(w)),
        sort: { sortField, sortOrder },
      }),
    [t, lang, names, canHandle, handle, navigate, sortField, sortOrder],
  );

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
  const current = useListKeys(phone ? 0 : rows.length, treating !== null, runKey);
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

  const typesOf = (ids: number[]) => [...new Set(rows.filter((r) => ids.includes(r.id)).map((r) => r.warningType))].sort((a, b) => a - b);
  const dialog = treating && (
    <TreatDialog open mode={treating.mode} target={treating.target} onClose={() => setTreating(null)} onDone={() => setSelected([])} canEditPhrases={canEditPhrases} />
  );

  if (phone)
    return (
      <>
        <WarningPhoneList
          canHandle={canHandle}
          typeName={(w) => names.get(w.warningType) ?? w.warningTypeName}
          onHandle={handle}
          onDetail={(w) => navigate(warningDetailPath(w))}
        />
        {dialog}
      </>
    );

  const batch = (
    <Tooltip title={selected.length === 0 ? t('warnings.selectHint') : undefined}>
      <Button icon={<CheckSquareOutlined />} disabled={selected.length === 0} onClick={() => setTreating({ mode: 'batch', target: { ids: selected, warningTypes: typesOf(selected) } })}>
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
        schema={WarningListViewSchema}
        fetchPage={fetchWarningPage}
        toForm={viewToForm}
        fromForm={formToView}
        filters={(props) => <WarningFilterForm {...props} />}
        columns={columns}
        rowKey="id"
        actions={
          <>
            <WarningQuickSearch />
            {canHandle && batch}
            <ExportButton label={t('warnings.exportWarnings')} disabledReason={mayExport ? undefined : t('common.exportNotAllowed')} run={(p) => exportWarnings(exportFilters, p)} />
            <ExportButton label={t('warnings.exportCustomers')} disabledReason={mayExport ? undefined : t('common.exportNotAllowed')} run={(p) => exportWarningCustomers(exportFilters, p)} />
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
      {dialog}
    </>
  );
}
