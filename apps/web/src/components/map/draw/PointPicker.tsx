import type L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { useMap } from '../MapContext';
import { roundCoordinate, type LngLat } from './geometry';
import './draw.css';

/** While mounted, a click on the map picks a point (WGS-84, six decimals) instead of selecting anything. */
export function PointPicker({ onPick }: { onPick: (point: LngLat) => void }) {
  const { map, fromMap } = useMap();
  const pick = useEffectEvent(onPick);

  useEffect(() => {
    const container = map.getContainer();
    container.classList.add('map-drawing');
    const onClick = (e: L.LeafletMouseEvent) => {
      const p = fromMap(e.latlng);
      pick({ lng: roundCoordinate(p.lng), lat: roundCoordinate(p.lat) });
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      container.classList.remove('map-drawing');
    };
  }, [map, fromMap]);

  return null;
}
