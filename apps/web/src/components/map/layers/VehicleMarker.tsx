import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from '../MapContext';
import './track.css';

type Props = {
  /** WGS-84. */
  lng: number;
  lat: number;
  /** Heading, degrees clockwise from north. */
  direction: number;
  /**
   * Draw an arrow along the heading (a car driving); without, a ring around the point that leaves its
   * label readable (a wireless tracker's fix, whose heading means little).
   */
  heading?: boolean;
  /** Keep the vehicle in view: pan when it leaves the middle of the map. */
  follow?: boolean;
};

// An arrow pointing north, rotated to the heading.
const RING = '<svg viewBox="0 0 36 36" width="36" height="36"><circle cx="18" cy="18" r="15" fill="none" stroke="#fa541c" stroke-width="3"/></svg>';

const ARROW =
  '<svg viewBox="0 0 28 28" width="28" height="28"><circle cx="14" cy="14" r="12" fill="#1677ff" stroke="#fff" stroke-width="2"/>' +
  '<path d="M14 5 L20 20 L14 16.5 L8 20 Z" fill="#fff"/></svg>';

/** The replayed vehicle, moved every frame without touching the track's canvas. */
export function VehicleMarker({ lng, lat, direction, heading = true, follow = false }: Props) {
  const { map, toMap } = useMap();
  const markerRef = useRef<L.Marker | null>(null);

  useEffect(() => {
    const icon = heading
      ? L.divIcon({ className: '', html: `<div class="vehicle-marker-arrow">${ARROW}</div>`, iconSize: [28, 28], iconAnchor: [14, 14] })
      : L.divIcon({ className: '', html: `<div class="vehicle-marker-ring">${RING}</div>`, iconSize: [36, 36], iconAnchor: [18, 18] });
    const marker = L.marker(map.getCenter(), { icon, interactive: false, keyboard: false, zIndexOffset: 1000 });
    markerRef.current = marker;
    return () => {
      marker.remove();
      markerRef.current = null;
    };
  }, [map, heading]);

  useEffect(() => {
    const marker = markerRef.current;
    if (!marker) return;
    const at = toMap(lng, lat);
    marker.setLatLng(at);
    if (!map.hasLayer(marker)) marker.addTo(map);
    const arrow = heading ? (marker.getElement()?.firstElementChild as HTMLElement | null | undefined) : null;
    if (arrow) arrow.style.transform = `rotate(${direction}deg)`;
    if (follow && !map.getBounds().pad(-0.2).contains(at)) map.panTo(at);
  }, [map, toMap, lng, lat, direction, heading, follow]);

  return null;
}
