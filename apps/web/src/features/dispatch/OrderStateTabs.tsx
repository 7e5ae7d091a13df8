import { ORDER_STATE_LABELS, OrderStates } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../components/ListScreen';
import { StateTabs } from '../../components/StateTabs';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { DISPATCH_KEY, fetchOrderPage, type OrderListPage } from './dispatch.queries';
import { tabOf, type OrderListView, type OrderTab } from './orderFilters';

type Props = { view: OrderListView; onTab: (tab: OrderTab) => void };

/**
 * 全部 and one tab per state, each with how many orders the filters hold in it, then the abnormal
 * installs. The counts come with the list's own reply (the same cache entry as the table); on the
 * abnormal tab they are those of the 全部 tab's first page.
 */
export function OrderStateTabs({ view, onTab }: Props) {
  const { t, lang } = useI18n();
  const countsView = view.view === 'abnormal' ? { ...view, view: undefined, pageNumber: 1 } : view;
  const page: OrderListPage | undefined = useQuery(listPageQuery(DISPATCH_KEY, fetchOrderPage, countsView)).data;
  const counts = page?.stateCounts;
  const all = counts && Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    <StateTabs
      activeKey={tabOf(view)}
      onChange={(key) => onTab(key as OrderTab)}
      tabs={[
        { key: 'all', label: t('common.all'), count: all },
        ...OrderStates.map((s) => ({ key: `${s}`, label: ORDER_STATE_LABELS[s][lang], count: counts ? (counts[s] ?? 0) : undefined })),
        { key: 'abnormal', label: t('orders.abnormalTab'), count: undefined },
      ]}
    />
  );
}
