import type { FieldView } from '@cvrisk/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from '../../components/map/MapContext';
import { MapView } from '../../components/map/MapView';
import { StopLayer, type StopPoint } from '../../components/map/layers/StopLayer';
import { VehicleUseLayer } from '../../components/map/layers/VehicleUseLayer';
import type { UseMarker } from '../../components/map/vehicleUse';

type Fix = { lng: number; lat: number };
type Props = { car: Fix | null; name: string; stops: FieldView['stops'] };

/** Close enough to see the streets around the car. */
const CAR_ZOOM = 16;

/** Centres on the car when it first shows, then pans only when it drives out of the middle of the screen. */
function FollowCar({ car }: { car: Fix | null }) {
  const { map, toMap } = useMap();
  const placed = useRef(false);
  useEffect(() => {
    if (!car) return;
    const at = toMap(car.lng, car.lat);
    if (!placed.current) {
      placed.current = true;
      map.setView(at, CAR_ZOOM);
    } else if (!map.getBounds().pad(-0.2).contains(at)) map.panTo(at);
  }, [map, toMap, car]);
  return null;
}

/** The field page's map, loaded after the car's facts: the car's pin and its numbered last stops. */
export function FieldMap({ car, name, stops }: Props) {
  const markers = useMemo<UseMarker[]>(() => (car ? [{ key: 'latest', lng: car.lng, lat: car.lat, tip: name }] : []), [car, name]);
  const stopPoints = useMemo<StopPoint[]>(
    () => stops.map((s) => ({ lng: s.lng, lat: s.lat, startTime: s.startTime, endTime: s.endTime ?? '', closed: s.endTime !== null, durationMs: s.minutes * 60_000, address: s.address })),
    [stops],
  );
  return (
    <MapView className="field-map">
      <VehicleUseLayer markers={markers} />
      <StopLayer stops={stopPoints} />
      <FollowCar car={car} />
    </MapView>
  );
}
