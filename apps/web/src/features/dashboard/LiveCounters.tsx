import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { carCountQuery, deviceOnlineQuery, warningCountQuery } from '../home/home.queries';
import { RECOVERY_FIGURES } from '../recovery/recoveryFigures';
import { recoverySummaryQuery } from '../recovery/recovery.queries';
import { onBoardCadence } from './dashboard.queries';
import type { PanelSource } from './DashboardPanel';

type CounterProps = { title: string; value: number | undefined; unit: string; tone: string; source: PanelSource<unknown> };

function Counter({ title, value, unit, tone, source }: CounterProps) {
  const { t } = useI18n();
  let body;
  if (value !== undefined) {
    body = (
      <>
        <span className="dashboard-counter-value">{value.toLocaleString()}</span>
        <span className="dashboard-counter-unit">{unit}</span>
      </>
    );
  } else if (source.isError) {
    body = (
      <Button size="small" onClick={() => void source.refetch()}>
        {t('common.retry')}
      </Button>
    );
  } else {
    body = <Spin size="small" aria-label={t('common.loading')} />;
  }
  return (
    <div className={`dashboard-counter tone-${tone}`} role="group" aria-label={title}>
      <div className="dashboard-counter-title">{title}</div>
      <div className="dashboard-counter-body">{body}</div>
    </div>
  );
}

/** The live figures across the top of the map: devices and cars for everyone, warnings for those who may see them. */
export function LiveCounters({ seesWarnings }: { seesWarnings: boolean }) {
  const { t } = useI18n();
  const devices = useQuery(onBoardCadence(deviceOnlineQuery()));
  const cars = useQuery(onBoardCadence(carCountQuery()));
  const warnings = useQuery({ ...onBoardCadence(warningCountQuery()), enabled: seesWarnings });
  // The chase's figures for those who may read cases: a second row, as eight in one would cut every title.
  const seesRecovery = useSession().user.permissions.includes('recovery:view');
  const recovery = useQuery({ ...onBoardCadence(recoverySummaryQuery()), enabled: seesRecovery });
  const unitDevice = t('dashboard.unit.device');
  const unitWarning = t('dashboard.unit.warning');
  return (
    <div className={seesRecovery ? 'dashboard-counters with-recovery' : 'dashboard-counters'}>
      <Counter title={t('dashboard.counter.online')} value={devices.data?.online} unit={unitDevice} tone="online" source={devices} />
      <Counter title={t('dashboard.counter.devices')} value={devices.data?.total} unit={unitDevice} tone="devices" source={devices} />
      {seesWarnings && (
        <>
          <Counter title={t('dashboard.counter.today')} value={warnings.data?.today} unit={unitWarning} tone="today" source={warnings} />
          <Counter title={t('dashboard.counter.unhandled')} value={warnings.data?.unhandled} unit={unitWarning} tone="unhandled" source={warnings} />
        </>
      )}
      <Counter title={t('dashboard.counter.cars')} value={cars.data?.count} unit={t('dashboard.unit.car')} tone="cars" source={cars} />
      {seesRecovery &&
        RECOVERY_FIGURES.map((f) => (
          <Counter key={f.key} title={t(f.title)} value={recovery.data?.[f.key]} unit={t(f.unit)} tone={`recovery-${f.key}`} source={recovery} />
        ))}
    </div>
  );
}
