import type { TrackFix } from '@cvrisk/contracts';
import L from 'leaflet';
import { useEffect } from 'react';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { useMap } from '../MapContext';
import { SPEED_BANDS, speedRuns } from './speedRuns';
import { TrackCanvasLayer } from './trackCanvas';
import { trackEnds } from './trackEnds';
import './track.css';

export type TrackPoint = Pick<TrackFix, 'lng' | 'lat' | 'speed' | 'gpsTime'>;

/**
 * A replayed track: its runs of speed bands painted on a canvas of their own (never a marker per fix,
 * so a month of 100,000 fixes stays fast), the start and end pins, and the legend of the colours.
 */
export function TrackLayer({ fixes }: { fixes: readonly TrackPoint[] }) {
  const { map, toMap } = useMap();
  const { t } = useI18n();

  useEffect(() => {
    const first = fixes[0];
    const last = fixes[fixes.length - 1];
    if (!first || !last) return;
    const points = fixes.map((f) => toMap(f.lng, f.lat));
    const group = L.layerGroup([new TrackCanvasLayer(points, speedRuns(fixes.map((f) => f.speed)))]);
    const ends = trackEnds(
      { at: points[0]!, letter: t('track.startLetter'), title: `${t('track.start')} ${first.gpsTime}` },
      fixes.length > 1 ? { at: points[points.length - 1]!, letter: t('track.endLetter'), title: `${t('track.end')} ${last.gpsTime}` } : null,
    );
    ends.forEach((m) => group.addLayer(m));
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, toMap, fixes, t]);

  const bounds = SPEED_BANDS.map((b, i) => (i === 0 ? `< ${b.upTo}` : Number.isFinite(b.upTo) ? `${SPEED_BANDS[i - 1]!.upTo}–${b.upTo}` : `≥ ${SPEED_BANDS[i - 1]!.upTo}`));
  return (
    <div className="track-legend" aria-label={t('track.legend')}>
      <span>{t('track.legend')}</span>
      {SPEED_BANDS.map((b, i) => (
        <span key={b.color} className="track-legend-row">
          <span className="track-legend-swatch" style={{ background: b.color }} />
          {bounds[i]}
        </span>
      ))}
    </div>
  );
}
