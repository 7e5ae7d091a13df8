import L from 'leaflet';
import { textElement } from '../../../lib/safeText';

/** A pin standing on the point, so the fix or stop marker drawn at the same place stays readable. */
function pin(at: L.LatLng, kind: 'start' | 'end', letter: string, title: string): L.Marker {
  const shape = document.createElement('div');
  shape.className = `track-pin track-pin-${kind}`;
  shape.appendChild(textElement(letter, { tag: 'span' }));
  const icon = L.divIcon({
    className: '',
    html: shape,
    iconSize: [24, 24],
    // The rotated square's corner, 12·√2 px below its centre, is the tip.
    iconAnchor: [12, 29],
    tooltipAnchor: [0, -28],
  });
  return L.marker(at, { icon, keyboard: false, zIndexOffset: 500 }).bindTooltip(textElement(title), { direction: 'top' });
}

export type TrackEnd = { at: L.LatLng; letter: string; title: string };

/** The start and end pins of a track; a single fix gets the start only. */
export function trackEnds(start: TrackEnd, end: TrackEnd | null): L.Marker[] {
  const pins = [pin(start.at, 'start', start.letter, start.title)];
  if (end) pins.push(pin(end.at, 'end', end.letter, end.title));
  return pins;
}
