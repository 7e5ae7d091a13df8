import type { TrackStop } from '@cvrisk/contracts';
import L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { formatSeconds } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { textElement } from '../../../lib/safeText';
import { useMap } from '../MapContext';
import './track.css';

export type StopPoint = Pick<TrackStop, 'lng' | 'lat' | 'startTime' | 'endTime' | 'durationMs' | 'closed' | 'address'>;

/** Durations of stops in whole minutes: a stop lasts at least five. */
export const stopDuration = (ms: number, lang: 'zh' | 'en') => formatSeconds(Math.round(ms / 60_000) * 60, lang);

type Props = {
  stops: readonly StopPoint[];
  /** A click on a stop's marker. */
  onSelect?: (index: number) => void;
};

/** Numbered stop markers; hovering one tells when the car stood there, how long, and where. */
export function StopLayer({ stops, onSelect }: Props) {
  const { map, toMap } = useMap();
  const { t, lang } = useI18n();
  const select = useEffectEvent((index: number) => onSelect?.(index));

  useEffect(() => {
    const group = L.layerGroup();
    stops.forEach((s, i) => {
      const icon = L.divIcon({ className: '', html: textElement(String(i + 1), { className: 'track-stop' }), iconSize: [22, 22], iconAnchor: [11, 11] });
      // Text, a line each: the address comes from a geocoder and is never parsed as markup.
      const tip = textElement([
        t('track.stopTitle', { n: i + 1 }),
        `${t('track.stopStart')}：${s.startTime}`,
        `${t('track.stopEnd')}：${s.closed ? s.endTime : t('track.stillStopped')}`,
        `${t('track.stopDuration')}：${stopDuration(s.durationMs, lang)}`,
        `${t('track.address')}：${s.address || '-'}`,
      ], { className: 'track-stop-tip' });
      const marker = L.marker(toMap(s.lng, s.lat), { icon, keyboard: false, zIndexOffset: 400 })
        .bindTooltip(tip, { direction: 'top', offset: [0, -10] })
        .on('click', () => select(i));
      group.addLayer(marker);
    });
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, toMap, stops, t, lang]);

  return null;
}
