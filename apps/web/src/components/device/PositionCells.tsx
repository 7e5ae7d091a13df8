import type { DeviceListItem } from '@cvrisk/contracts';
import { theme, Tooltip } from 'antd';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';

const pair = (lng: number, lat: number) => `${lng.toFixed(6)}, ${lat.toFixed(6)}`;

/** WGS-84 as stored (longitude, latitude); the GCJ-02 pair that AMap and Chinese map tools need on hover. */
export function Coordinates({ device }: { device: Pick<DeviceListItem, 'lng' | 'lat' | 'gaodeLng' | 'gaodeLat'> }) {
  const { t } = useI18n();
  const { lng, lat, gaodeLng, gaodeLat } = device;
  if (lng === null || lat === null) return <>{EMPTY}</>;
  const wgs = <span className="coordinates">{pair(lng, lat)}</span>;
  if (gaodeLng === null || gaodeLat === null) return wgs;
  return <Tooltip title={t('position.gcj', { pair: pair(gaodeLng, gaodeLat) })}>{wgs}</Tooltip>;
}

/** Low battery (< 20 %) is a warning of its own (server-behaviour §5), so it shows red. */
export const LOW_BATTERY = 20;

export function BatteryLevel({ percent }: { percent: number | null }) {
  const { token } = theme.useToken();
  if (percent === null) return <>{EMPTY}</>;
  const color = percent < LOW_BATTERY ? token.colorError : percent < 50 ? token.colorWarning : token.colorSuccess;
  return (
    <span className="battery" role="img" aria-label={`${percent}%`}>
      <span className="battery-body">
        <span className="battery-fill" style={{ width: `${Math.min(100, Math.max(0, percent))}%`, background: color }} />
      </span>
      <span className="battery-text" style={percent < LOW_BATTERY ? { color } : undefined}>
        {percent}%
      </span>
    </span>
  );
}

/** CSQ 0–31 as four bars, the way a phone shows it: ≥ 20 strong, < 10 barely usable. */
function barsOf(csq: number): number {
  if (csq >= 20) return 4;
  if (csq >= 15) return 3;
  if (csq >= 10) return 2;
  return csq > 0 ? 1 : 0;
}

export function SignalBars({ csq }: { csq: number | null }) {
  const { t } = useI18n();
  const { token } = theme.useToken();
  if (csq === null) return <>{EMPTY}</>;
  const lit = barsOf(csq);
  const color = lit <= 1 ? token.colorError : lit === 2 ? token.colorWarning : token.colorSuccess;
  return (
    <Tooltip title={t('position.signalHint', { value: csq })}>
      <span className="signal">
        <span className="signal-bars" aria-hidden>
          {[1, 2, 3, 4].map((bar) => (
            <span key={bar} style={{ height: 3 + bar * 2.5, background: bar <= lit ? color : token.colorFillSecondary }} />
          ))}
        </span>
        <span>{csq}</span>
      </span>
    </Tooltip>
  );
}
