import type { CaseDevice, CasePlace, CaseStop } from '@cvrisk/contracts';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from '../../components/map/MapContext';
import { MapView } from '../../components/map/MapView';
import { StopLayer, type StopPoint } from '../../components/map/layers/StopLayer';
import { VehicleUseLayer } from '../../components/map/layers/VehicleUseLayer';
import type { UseMarker } from '../../components/map/vehicleUse';
import { useI18n } from '../../lib/i18n/I18nProvider';

type Props = {
  devices: readonly CaseDevice[];
  places: readonly CasePlace[];
  stops: readonly CaseStop[];
  /** A car's plate (or frame number) by its id, to name the markers. */
  carNames: ReadonlyMap<number, string>;
};

/** A city block around a single point: closer would show streets without their names. */
const SINGLE_POINT_ZOOM = 15;

/** Frames the case's points once, when they first arrive; the 10-second refresh then leaves the view to the user. */
function FitOnce({ points }: { points: readonly { lng: number; lat: number }[] }) {
  const { map, toMap } = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || points.length === 0) return;
    done.current = true;
    const bounds = L.latLngBounds(points.map((p) => toMap(p.lng, p.lat)));
    map.fitBounds(bounds, { padding: [30, 30], maxZoom: SINGLE_POINT_ZOOM });
  }, [map, toMap, points]);
  return null;
}

/**
 * The car on the map: each device's latest position, the customer's home and work places (their own
 * pins), and the last stops numbered from the newest. Every coordinate is WGS-84; the layers convert.
 */
export function CaseMap({ devices, places, stops, carNames }: Props) {
  const { t } = useI18n();
  const markers = useMemo<UseMarker[]>(() => {
    const out: UseMarker[] = [];
    for (const d of devices) {
      if (d.lng === null || d.lat === null) continue;
      const name = carNames.get(d.carId) ?? d.deviceNumber;
      const lines = [t('recoveryCase.mapLatest', { name, device: d.deviceNumber }), t('recoveryCase.mapTime', { time: d.reportedAt ?? '-' }), d.address ?? ''];
      out.push({ key: 'latest', lng: d.lng, lat: d.lat, tip: lines.filter(Boolean).join('\n') });
    }
    for (const p of places) {
      const tip = [t(p.kind === 'home' ? 'recoveryCase.placeHome' : 'recoveryCase.placeWork'), p.address ?? ''].filter(Boolean).join('\n');
      out.push({ key: p.kind, lng: p.lng, lat: p.lat, tip });
    }
    return out;
  }, [devices, places, carNames, t]);
  const stopPoints = useMemo<StopPoint[]>(
    () => stops.map((s) => ({ lng: s.lng, lat: s.lat, startTime: s.startTime, endTime: s.endTime ?? '', closed: s.endTime !== null, durationMs: s.minutes * 60_000, address: s.address })),
    [stops],
  );
  // The car with its places and stops: how far it is from home and work is what the team plans by.
  const framed = useMemo(() => [...markers, ...stopPoints], [markers, stopPoints]);

  return (
    <div className="rc-map">
      <MapView className="rc-map-view">
        <VehicleUseLayer markers={markers} />
        <StopLayer stops={stopPoints} />
        <FitOnce points={framed} />
      </MapView>
      <div className="rc-map-legend">
        <span><i className="rc-dot rc-dot-latest" />{t('recoveryCase.legendLatest')}</span>
        <span><i className="rc-dot rc-dot-home" />{t('recoveryCase.placeHome')}</span>
        <span><i className="rc-dot rc-dot-work" />{t('recoveryCase.placeWork')}</span>
        <span><i className="rc-dot rc-dot-stop" />{t('recoveryCase.legendStops')}</span>
      </div>
    </div>
  );
}
