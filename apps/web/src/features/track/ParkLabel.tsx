import L from 'leaflet';
import { useEffect } from 'react';
import { useMap } from '../../components/map/MapContext';
import { textElement } from '../../lib/safeText';

type Props = {
  /** WGS-84 place of the parked spell; null when the car is not at one. */
  at: { lng: number; lat: number } | null;
  text: string;
};

/**
 * "停留 2小时15分" over the place the replayed car stands at: the replay passes a parked spell in a
 * moment, so how long it really lasted is said as the car reaches it.
 */
export function ParkLabel({ at, text }: Props) {
  const { map, toMap } = useMap();
  const lng = at?.lng;
  const lat = at?.lat;

  useEffect(() => {
    if (lng === undefined || lat === undefined) return;
    const label = L.tooltip({ permanent: true, direction: 'top', offset: [0, -16], className: 'track-park-label', interactive: false })
      .setLatLng(toMap(lng, lat))
      .setContent(textElement(text, { tag: 'span' }));
    label.addTo(map);
    return () => {
      label.remove();
    };
  }, [map, toMap, lng, lat, text]);

  return null;
}
