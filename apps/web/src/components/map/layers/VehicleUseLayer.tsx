import L from 'leaflet';
import { useEffect } from 'react';
import { textElement } from '../../../lib/safeText';
import { useMap } from '../MapContext';
import type { UseKey, UseMarker } from '../vehicleUse';
import './vehicleUse.css';

/** Common-area cells are drawn as discs of about the grid's size (0.01°, roughly 1 km). */
const CELL_RADIUS_M = 500;

/** Colour and the character in each pin, so the sets differ by more than colour. */
const PIN_STYLES: Record<Exclude<UseKey, 'riskPoint' | 'useCarArea'>, { color: string; glyph: string }> = {
  latest: { color: '#1677ff', glyph: '车' },
  warning: { color: '#f5222d', glyph: '警' },
  work: { color: '#722ed1', glyph: '工' },
  home: { color: '#389e0d', glyph: '住' },
  frequentStop: { color: '#d46b08', glyph: '停' },
};
const AREA_COLOR = '#13a8a8';

/** A pin of the set's colour with its character, built as elements (Leaflet parses a string as markup). */
function pinElement(color: string, glyph: string): HTMLElement {
  const drop = document.createElement('span');
  drop.className = 'vu-pin-drop';
  drop.style.background = color;
  drop.appendChild(textElement(glyph, { tag: 'span', className: 'vu-pin-glyph' }));
  return drop;
}

/** The vehicle-use panel's markers: pins for places, shaded discs for the common-area cells. */
export function VehicleUseLayer({ markers }: { markers: readonly UseMarker[] }) {
  const { map, toMap } = useMap();

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    for (const m of markers) {
      const at = toMap(m.lng, m.lat);
      if (m.key === 'useCarArea') {
        const opacity = 0.12 + 0.4 * (m.weight ?? 0);
        L.circle(at, { radius: CELL_RADIUS_M, color: AREA_COLOR, weight: 1, fillColor: AREA_COLOR, fillOpacity: opacity })
          .bindTooltip(textElement(m.tip), { direction: 'top' })
          .addTo(group);
        continue;
      }
      if (m.key === 'riskPoint') continue;
      const style = PIN_STYLES[m.key];
      const icon = L.divIcon({
        className: 'vu-pin',
        html: pinElement(style.color, style.glyph),
        iconSize: [28, 28],
        iconAnchor: [14, 34],
      });
      // Positions sit above places: the latest and warning pins must never hide under a stop pin.
      const z = m.key === 'latest' || m.key === 'warning' ? 1000 : 0;
      // Tips hold addresses from the geocoder: text, a line each.
      L.marker(at, { icon, keyboard: false, zIndexOffset: z, title: m.tip.split('\n')[0] })
        .bindTooltip(textElement(m.tip), { direction: 'top', offset: [0, -30] })
        .addTo(group);
    }
    return () => {
      group.remove();
    };
  }, [map, toMap, markers]);

  return null;
}
