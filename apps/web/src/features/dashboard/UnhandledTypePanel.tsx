import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { unhandledByTypeQuery } from '../home/home.queries';
import { BoardChart } from './BoardChart';
import { byTypeOption } from './chartOptions';
import { onBoardCadence } from './dashboard.queries';
import { DashboardPanel } from './DashboardPanel';

/** The unhandled warnings of the scope per type. */
export function UnhandledTypePanel() {
  const { t } = useI18n();
  const query = useQuery(onBoardCadence(unhandledByTypeQuery()));
  return (
    <DashboardPanel title={t('dashboard.byType.title')} source={query} empty={(s) => (s.list.some((r) => r.count > 0) ? null : t('dashboard.byType.empty'))}>
      {(s) => <BoardChart data={s} build={byTypeOption} ariaLabel={t('dashboard.byType.title')} />}
    </DashboardPanel>
  );
}
