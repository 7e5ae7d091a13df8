import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { warningSeriesQuery } from '../home/home.queries';
import { BoardChart } from './BoardChart';
import { trendOption } from './chartOptions';
import { onBoardCadence } from './dashboard.queries';
import { DashboardPanel } from './DashboardPanel';

/** The week's warnings per day by risk level. */
export function WarningTrendPanel() {
  const { t } = useI18n();
  const query = useQuery(onBoardCadence(warningSeriesQuery(7)));
  return (
    <DashboardPanel
      title={t('dashboard.trend.title')}
      source={query}
      empty={(s) => (s.list.some((d) => d.high + d.medium + d.low > 0) ? null : t('dashboard.trend.empty'))}
    >
      {(s) => <BoardChart data={s} build={trendOption} ariaLabel={t('dashboard.trend.title')} />}
    </DashboardPanel>
  );
}
