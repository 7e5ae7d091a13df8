import { CASE_STATE_LABELS, CaseStates, type CasePage } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../components/ListScreen';
import { StateTabs } from '../../components/StateTabs';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { tabOf, type CaseListView, type CaseTab } from './caseFilters';
import { fetchCasePage, RECOVERY_KEY } from './recovery.queries';

type Props = { view: CaseListView; onTab: (tab: CaseTab) => void };

/**
 * 全部 and one tab per state, each with how many cases the other filters hold in it. The counts come
 * with the list's own reply (the same cache entry as the table).
 */
export function CaseStateTabs({ view, onTab }: Props) {
  const { t, lang } = useI18n();
  // The shared list query knows pages only; this fetch answers the list's CasePage, counts included.
  const page = useQuery(listPageQuery(RECOVERY_KEY, fetchCasePage, view)).data as CasePage | undefined;
  const counts = page?.stateCounts;
  const all = counts && Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    <StateTabs
      activeKey={tabOf(view)}
      onChange={(key) => onTab(key as CaseTab)}
      tabs={[
        { key: 'all', label: t('common.all'), count: all },
        ...CaseStates.map((s) => ({ key: s, label: CASE_STATE_LABELS[s][lang], count: counts ? (counts[s] ?? 0) : undefined })),
      ]}
    />
  );
}
