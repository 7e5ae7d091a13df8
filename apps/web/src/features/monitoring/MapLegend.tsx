import { DEVICE_STATE_LABELS, DeviceStates } from '@cvrisk/contracts';
import { DEVICE_STATE_FILL } from '../../components/map/layers/deviceStyle';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** What the marker colours and shapes mean. */
export function MapLegend() {
  const { t, lang } = useI18n();
  return (
    <div className="monitor-legend" aria-label={t('monitor.legend')}>
      {DeviceStates.map((s) => (
        <span key={s} className="monitor-legend-item">
          <span className="monitor-state-dot" style={{ background: DEVICE_STATE_FILL[s] }} />
          {DEVICE_STATE_LABELS[s][lang]}
        </span>
      ))}
      <span className="monitor-legend-item">
        <svg width="12" height="12" viewBox="-7 -10 14 17" aria-hidden>
          <path d="M0 -9 L6 6 L0 3 L-6 6 Z" fill={DEVICE_STATE_FILL.moving} />
        </svg>
        {t('monitor.legendHeading')}
      </span>
      <span className="monitor-legend-item">
        <span className="monitor-legend-cluster">n</span>
        {t('monitor.legendCluster')}
      </span>
    </div>
  );
}
