import L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import type { LngLat } from '../draw/geometry';
import { useMap } from '../MapContext';
import './layers.css';

type Props = {
  point: LngLat;
  /** A circle around the point, in metres (the reach of a 附近 search). */
  radius?: number;
  /** Pans the map to the point when it changes. */
  pan?: boolean;
};

const COLOR = '#fa541c';

/** A point the operator chose (a new risk point, the centre of a 附近 search), as a pin with a halo. */
export function PickedPointLayer({ point, radius, pan = true }: Props) {
  const { map, toMap } = useMap();

  useEffect(() => {
    const at = toMap(point.lng, point.lat);
    const group = L.layerGroup().addTo(map);
    if (radius) L.circle(at, { radius, color: COLOR, weight: 1.5, dashArray: '6 6', fillColor: COLOR, fillOpacity: 0.06, interactive: false }).addTo(group);
    // The drop is turned inside the icon: turning the icon itself would turn Leaflet's positioning too.
    const icon = L.divIcon({ className: 'picked-pin', html: '<span class="picked-pin-drop"></span>', iconSize: [22, 22], iconAnchor: [11, 27] });
    L.marker(at, { icon, interactive: false, keyboard: false }).addTo(group);
    return () => {
      group.remove();
    };
  }, [map, toMap, point, radius]);

  // Reacts to a new point, not to a base-layer switch (which changes toMap but must not move the view).
  const reveal = useEffectEvent(() => {
    const at = toMap(point.lng, point.lat);
    if (radius) map.fitBounds(L.latLng(at).toBounds(radius * 2.2));
    else if (!map.getBounds().pad(-0.1).contains(at)) map.panTo(at);
  });
  useEffect(() => {
    if (pan) reveal();
  }, [point, radius, pan]);

  return null;
}
