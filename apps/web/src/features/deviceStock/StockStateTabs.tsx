import { STOCK_STATE_LABELS, StockStates, type StockCountQuery, type StockState } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Tabs } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { stockCountsQuery } from './deviceStock.queries';

type Props = { filters: StockCountQuery; state: StockState | undefined; onState: (state: StockState | undefined) => void };

function Label({ text, count }: { text: string; count: number | undefined }) {
  return (
    <span>
      {text}
      {count !== undefined && <span className="stock-tab-count">{count.toLocaleString()}</span>}
    </span>
  );
}

/** 全部 / 库存 / 已安装 / 已报废, each with how many devices the filters hold in it; a tab is the state filter. */
export function StockStateTabs({ filters, state, onState }: Props) {
  const { t, lang } = useI18n();
  const counts = useQuery(stockCountsQuery(filters)).data;
  const all = counts && counts.stock + counts.installed + counts.retired;
  return (
    <Card variant="borderless" className="stock-tabs">
      <Tabs
        activeKey={state ?? 'all'}
        onChange={(key) => onState(key === 'all' ? undefined : (key as StockState))}
        items={[
          { key: 'all', label: <Label text={t('deviceStock.all')} count={all} /> },
          ...StockStates.map((s) => ({ key: s, label: <Label text={STOCK_STATE_LABELS[s][lang]} count={counts?.[s]} /> })),
        ]}
      />
    </Card>
  );
}
