import { DeleteOutlined, ImportOutlined, SwapOutlined } from '@ant-design/icons';
import { StockListQuery, type StockItem } from '@cvrisk/contracts';
import { Button, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { FieldFilterForm } from '../../components/listFields';
import { ListScreen } from '../../components/ListScreen';
import type { ListColumn } from '../../components/ListTable';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useListQuery } from '../../lib/useListQuery';
import { fetchStockPage, STOCK_KEY } from './deviceStock.queries';
import './deviceStock.css';
import { StockImportDialog } from './StockImportDialog';
import { StockRetireDialog } from './StockRetireDialog';
import { StockStateTabs } from './StockStateTabs';
import { StockTransferDialog } from './StockTransferDialog';
import { filtersFromQuery, filtersToQuery, STOCK_FIELDS, stockColumns } from './stockFields';

type Acting = { kind: 'transfer' | 'retire'; devices: StockItem[] } | null;

/** A device on an accepted order stays with it; any other in service may be retired (an installed one comes off its car)... */
const retirable = (d: StockItem) => d.stockState !== 'retired' && d.heldByOrder === null;
/** ...and only one in stock may be transferred. */
const transferable = (d: StockItem) => retirable(d) && d.stockState === 'stock';

/**
 * 设备库存 (系统管理): the devices of the caller's departments by state, with the counts per state as
 * tabs; import into a department's stock, transfer the devices selected in stock, retire those in stock
 * or installed.
 */
export function DeviceStockPage() {
  const { t } = useI18n();
  const { query, search } = useListQuery(StockListQuery);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<Map<number, StockItem>>(new Map());
  const [acting, setActing] = useState<Acting>(null);
  const { pageNumber: _page, pageSize: _size, stockState, ...filters } = query;

  const columns = useMemo<ListColumn<StockItem>[]>(() => [
    ...stockColumns(t),
    {
      key: 'action', title: t('common.action'), width: 120, fixed: 'right', locked: true, align: 'center',
      render: (_, d) => retirable(d) && (
        <Space size={0}>
          {transferable(d) && <Button type="link" size="small" onClick={() => setActing({ kind: 'transfer', devices: [d] })}>{t('deviceStock.transfer')}</Button>}
          <Button type="link" size="small" danger onClick={() => setActing({ kind: 'retire', devices: [d] })}>{t('deviceStock.retire')}</Button>
        </Space>
      ),
    },
  ], [t]);

  const chosen = [...selected.values()];
  const cannotTransfer = chosen.length === 0 ? t('deviceStock.selectHint') : chosen.every(transferable) ? undefined : t('deviceStock.transferStockOnly');
  const done = () => {
    setActing(null);
    setSelected(new Map());
  };

  return (
    <>
      <ListScreen
        id={STOCK_KEY}
        title={t('deviceStock.title')}
        schema={StockListQuery}
        fetchPage={fetchStockPage}
        toForm={filtersFromQuery}
        fromForm={filtersToQuery}
        filters={(props) => <FieldFilterForm fields={STOCK_FIELDS} {...props} />}
        summary={() => <StockStateTabs filters={filters} state={stockState} onState={(s) => search({ ...filters, stockState: s })} />}
        columns={columns}
        rowKey="id"
        actions={
          <>
            <Button type="primary" icon={<ImportOutlined />} onClick={() => setImporting(true)}>{t('deviceStock.import')}</Button>
            <Tooltip title={cannotTransfer}>
              <Button icon={<SwapOutlined />} disabled={cannotTransfer !== undefined} onClick={() => setActing({ kind: 'transfer', devices: chosen })}>
                {t('deviceStock.transferSelected', { n: chosen.length })}
              </Button>
            </Tooltip>
            <Tooltip title={chosen.length === 0 ? t('deviceStock.selectHint') : undefined}>
              <Button danger icon={<DeleteOutlined />} disabled={chosen.length === 0} onClick={() => setActing({ kind: 'retire', devices: chosen })}>
                {t('deviceStock.retireSelected', { n: chosen.length })}
              </Button>
            </Tooltip>
          </>
        }
        table={{
          emptyText: t('deviceStock.empty'),
          rowSelection: {
            selectedRowKeys: [...selected.keys()],
            // Kept across pages: the map holds the rows chosen on earlier pages too.
            preserveSelectedRowKeys: true,
            onChange: (keys, rows) => setSelected((before) => {
              const next = new Map<number, StockItem>();
              for (const key of keys as number[]) {
                const row = rows.find((r) => r?.id === key) ?? before.get(key);
                if (row) next.set(key, row);
              }
              return next;
            }),
            getCheckboxProps: (d) => ({ disabled: !retirable(d) }),
            fixed: true,
            columnWidth: 40,
          },
        }}
      />
      {importing && <StockImportDialog deptId={filters.deptId} onClose={() => setImporting(false)} />}
      {acting?.kind === 'transfer' && <StockTransferDialog devices={acting.devices} onClose={() => setActing(null)} onDone={done} />}
      {acting?.kind === 'retire' && <StockRetireDialog devices={acting.devices} onClose={() => setActing(null)} onDone={done} />}
    </>
  );
}
