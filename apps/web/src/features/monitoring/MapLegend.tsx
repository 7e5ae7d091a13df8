import { DEVICE_STATE_LABELS, DeviceStates } from '@cvrisk/contracts';
import { CloseOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { DEVICE_STATE_FILL } from '../../components/map/layers/deviceStyle';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { usePhone } from '../../lib/usePhone';

/** What the marker colours and shapes mean; on a phone, folded into a button until asked for. */
export function MapLegend() {
  const { t, lang } = useI18n();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  if (phone && !open) {
    return (
      <Button size="small" className="monitor-legend" icon={<InfoCircleOutlined />} onClick={() => setOpen(true)}>
        {t('monitor.legendShow')}
      </Button>
    );
  }
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
      {phone && (
        <Button type="text" size="small" className="monitor-legend-close" icon={<CloseOutlined />} aria-label={t('monitor.legendHide')} onClick={() => setOpen(false)} />
      )}
    </div>
  );
}
