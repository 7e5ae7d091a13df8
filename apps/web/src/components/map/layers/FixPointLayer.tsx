import { FIX_TYPE_SHORT, FIX_TYPES, type TrackFix } from '@cvrisk/contracts';
import L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { textElement } from '../../../lib/safeText';
import { useMap } from '../MapContext';
import { trackEnds } from './trackEnds';
import './track.css';

export type FixPoint = Pick<TrackFix, 'lng' | 'lat' | 'gpsTime' | 'fixType'>;

const LINE: L.PolylineOptions = { color: '#1677ff', weight: 2, opacity: 0.8, dashArray: '6 6', interactive: false };

type Props = {
  fixes: readonly FixPoint[];
  onSelect?: (index: number) => void;
};

/**
 * A wireless tracker's fixes: a few a day, each labelled with how it was located (卫星 / 基站 / WiFi,
 * whose accuracy differs from metres to kilometres), joined by a thin dashed line in time order.
 */
export function FixPointLayer({ fixes, onSelect }: Props) {
  const { map, toMap } = useMap();
  const { t, lang } = useI18n();
  const select = useEffectEvent((index: number) => onSelect?.(index));

  useEffect(() => {
    const first = fixes[0];
    const last = fixes[fixes.length - 1];
    if (!first || !last) return;
    const points = fixes.map((f) => toMap(f.lng, f.lat));
    const group = L.layerGroup();
    if (points.length >= 2) group.addLayer(L.polyline(points, LINE));
    fixes.forEach((f, i) => {
      const label = FIX_TYPE_SHORT[f.fixType]?.[lang] ?? '-';
      const icon = L.divIcon({ className: '', html: textElement(label, { className: `fix-point fix-point-${f.fixType}` }), iconSize: [0, 0], iconAnchor: [0, 0] });
      const title = `${f.gpsTime} · ${FIX_TYPES[f.fixType]?.[lang] ?? '-'}`;
      group.addLayer(L.marker(points[i]!, { icon, keyboard: false }).bindTooltip(textElement(title), { direction: 'top', offset: [0, -10] }).on('click', () => select(i)));
    });
    const ends = trackEnds(
      { at: points[0]!, letter: t('track.startLetter'), title: `${t('track.start')} ${first.gpsTime}` },
      fixes.length > 1 ? { at: points[points.length - 1]!, letter: t('track.endLetter'), title: `${t('track.end')} ${last.gpsTime}` } : null,
    );
    ends.forEach((m) => group.addLayer(m));
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, toMap, fixes, t, lang]);

  return null;
}
