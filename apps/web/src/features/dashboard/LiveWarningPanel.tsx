import { RISK_LEVEL_KEYS, RISK_LEVEL_LABELS, warningTypeName } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { liveStatus, subscribeLiveStatus } from '../../api/liveStream';
import { useSession } from '../../app/session/SessionContext';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { deptTreeQuery } from '../catalog/catalog.queries';
import { dealerNames, LIVE_LIST_SIZE, liveWarningsQuery, useDashboardLive, type LiveWarning } from './dashboard.queries';
import { DashboardPanel } from './DashboardPanel';

function LiveWarningRow({ row, dealers }: { row: LiveWarning; dealers: Map<number, string> }) {
  const { lang } = useI18n();
  return (
    <li className={`dashboard-live-row level-${RISK_LEVEL_KEYS[row.riskLevel]}`}>
      <div className="dashboard-live-line">
        <span className="dashboard-live-level">{RISK_LEVEL_LABELS[row.riskLevel][lang]}</span>
        <span className="dashboard-live-type">{warningTypeName(row.warningType, lang, row.warningTypeName)}</span>
        {/* The year is the same all day long on a wall screen. */}
        <time>{row.warningTime.slice(5)}</time>
      </div>
      <div className="dashboard-live-line is-secondary">
        <span>{row.plateNumber ?? row.deviceNumber}</span>
        <span className="dashboard-live-dealer">{row.dealer ?? dealers.get(row.deptId) ?? EMPTY}</span>
      </div>
    </li>
  );
}

/** The newest warnings of the scope, a raised one sliding in on top as the live stream brings it. */
export function LiveWarningPanel() {
  const { t } = useI18n();
  const { user } = useSession();
  const tree = useQuery(deptTreeQuery(user.userId));
  const dealers = useMemo(() => dealerNames(tree.data), [tree.data]);
  useDashboardLive();
  const list = useQuery(liveWarningsQuery());
  const status = useSyncExternalStore(subscribeLiveStatus, liveStatus);

  return (
    <DashboardPanel
      title={t('dashboard.live.title')}
      className="dashboard-live"
      extra={<span className={`dashboard-stream is-${status}`}>{t(`dashboard.live.${status}` as const)}</span>}
      source={list}
      empty={(rows) => (rows.length ? null : t('dashboard.live.empty'))}
    >
      {(rows) => (
        <ol className="dashboard-live-list" style={{ gridTemplateRows: `repeat(${LIVE_LIST_SIZE}, minmax(0, 1fr))` }}>
          {rows.map((row) => (
            <LiveWarningRow key={row.id} row={row} dealers={dealers} />
          ))}
        </ol>
      )}
    </DashboardPanel>
  );
}
