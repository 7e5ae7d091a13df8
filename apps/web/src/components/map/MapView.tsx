import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/translate';
import { BASE_LAYER_IDS, BASE_LAYERS, OFFLINE_LAYER, loadBaseLayer, saveBaseLayer, type BaseLayerId } from './baseLayers';
import { datumToWgs, wgsToDatum, type Datum } from './datum';
import { MapContext, type MapApi } from './MapContext';
import { useStreetPlace } from './streetPlace';
import { watchTiles } from './tileWatch';
import './map.css';

/** Roughly the middle of China, at a zoom that shows all of it on a laptop. */
const CHINA_CENTER: [number, number] = [104.2, 35.9];
const CHINA_ZOOM = 4;

/**
 * Once tiles failed in this page, later maps start on the offline layer instead of waiting for them to
 * fail again. Not saved: with the network back, a reload tries the tiles again.
 */
let tilesUnreachable = false;

type Props = {
  /** Initial centre, WGS-84 `[lng, lat]`. */
  center?: [number, number];
  /** Initial zoom. */
  zoom?: number;
  className?: string;
  /** Layers (components using `useMap()`) and overlays positioned over the map. */
  children?: ReactNode;
};

type Built = { map: L.Map; layers: Record<BaseLayerId, L.Layer> };

/** The shared Leaflet map: base layers, a layer control, and the datum the layers convert to. */
export function MapView({ center = CHINA_CENTER, zoom = CHINA_ZOOM, className, children }: Props) {
  const { t } = useI18n();
  const containerRef = useRef<HTMLDivElement>(null);
  const [built, setBuilt] = useState<Built | null>(null);
  const [initial] = useState(() => {
    const preferred = loadBaseLayer();
    const first = tilesUnreachable && preferred !== OFFLINE_LAYER ? OFFLINE_LAYER : preferred;
    return { first, note: first === preferred ? null : ('map.tilesUnreachable' as const) };
  });
  const [active, setActive] = useState<BaseLayerId>(initial.first);
  const [note, setNote] = useState<MessageKey | null>(initial.note);
  // The initial view only; afterwards the pages move the map themselves.
  const initialView = useRef({ center, zoom });

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const map = L.map(el, { preferCanvas: true, renderer: L.canvas(), minZoom: 3, maxZoom: 18, zoomSnap: 1, zoomControl: false });
    map.attributionControl.setPrefix(false);
    const layers = Object.fromEntries(BASE_LAYER_IDS.map((id) => [id, BASE_LAYERS[id].create()])) as Built['layers'];
    const first = initial.first;
    const [lng, lat] = wgsToDatum(...initialView.current.center, BASE_LAYERS[first].datum);
    map.setView([lat, lng], initialView.current.zoom);

    let current: BaseLayerId = first;
    let automatic = false;
    let unwatch: (() => void) | null = null;
    const watch = (id: BaseLayerId) => {
      unwatch?.();
      unwatch = null;
      const layer = layers[id];
      if (layer instanceof L.TileLayer) unwatch = watchTiles(layer, () => fallBack(layer));
      el.classList.toggle('map-view-offline', id === OFFLINE_LAYER);
    };
    const activate = (id: BaseLayerId, byUser: boolean) => {
      if (id === current) return;
      // Keep the same place in view: the two datums differ by a few hundred metres in China.
      const c = map.getCenter();
      const [wLng, wLat] = datumToWgs(c.lng, c.lat, BASE_LAYERS[current].datum);
      const [nLng, nLat] = wgsToDatum(wLng, wLat, BASE_LAYERS[id].datum);
      map.setView([nLat, nLng], map.getZoom(), { animate: false });
      current = id;
      if (byUser) {
        saveBaseLayer(id);
        setNote(null);
      }
      watch(id);
      setActive(id);
    };
    const fallBack = (layer: L.Layer) => {
      tilesUnreachable = true;
      setNote('map.tilesUnreachable');
      // The layer control fires `baselayerchange` for these too; it must not count as the user's choice.
      automatic = true;
      map.removeLayer(layer);
      map.addLayer(layers[OFFLINE_LAYER]);
      activate(OFFLINE_LAYER, false);
      automatic = false;
    };
    map.on('baselayerchange', (e: L.LayersControlEvent) => {
      const id = BASE_LAYER_IDS.find((k) => layers[k] === e.layer);
      if (id) activate(id, !automatic);
    });
    layers[OFFLINE_LAYER].on('outlinesmissing', () => setNote('map.outlinesMissing'));
    map.addLayer(layers[first]);
    watch(first);

    // The main area changes size with the side bar, the tabs bar and the window.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resize?.observe(el);
    // Layers mount once the map has its first view (at once here, as the view was just set).
    map.whenReady(() => setBuilt({ map, layers }));
    return () => {
      unwatch?.();
      resize?.disconnect();
      map.remove();
      setBuilt(null);
    };
  }, [initial]);

  // The controls are rebuilt when the language changes: their labels are plain text. Zoom sits bottom
  // right, as on AMap, leaving the top-left corner to the pages' panels; the scale under it (a bottom
  // corner stacks the last control added on top).
  useEffect(() => {
    if (!built) return;
    const entries = BASE_LAYER_IDS.map((id) => [t(BASE_LAYERS[id].label), built.layers[id]] as const);
    const layers = L.control.layers(Object.fromEntries(entries), undefined, { position: 'topright' }).addTo(built.map);
    const scale = L.control.scale({ position: 'bottomright', imperial: false, maxWidth: 100 }).addTo(built.map);
    const zoom = L.control.zoom({ position: 'bottomright', zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') }).addTo(built.map);
    return () => {
      layers.remove();
      scale.remove();
      zoom.remove();
    };
  }, [built, t]);

  const street = useStreetPlace(built?.map ?? null, active === OFFLINE_LAYER);

  const datum: Datum = BASE_LAYERS[active].datum;
  const api = useMemo<MapApi | null>(() => {
    if (!built) return null;
    return {
      map: built.map,
      datum,
      toMap: (lng, lat) => {
        const [x, y] = wgsToDatum(lng, lat, datum);
        return L.latLng(y, x);
      },
      fromMap: (latlng) => {
        const [x, y] = datumToWgs(latlng.lng, latlng.lat, datum);
        return { lng: x, lat: y };
      },
    };
  }, [built, datum]);

  return (
    <div className={className ? `map-view ${className}` : 'map-view'}>
      <div ref={containerRef} className="map-view-map" />
      {(note || street.street) && (
        <div className="map-view-note" role="status">
          {note && <div>{t(note)}</div>}
          {street.street && (
            <div className="map-view-street">
              {street.place && <strong>{street.place}</strong>}
              {t('map.streetNeedsOnline')}
            </div>
          )}
        </div>
      )}
      {api && <MapContext value={api}>{children}</MapContext>}
    </div>
  );
}
