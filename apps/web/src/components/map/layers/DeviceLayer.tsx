import type { DeviceState, MonitorDevice } from '@cvrisk/contracts';
import { useEffect, useRef } from 'react';
import { useMap } from '../MapContext';
import { ClusterClient } from './clusterClient';
import { DeviceCanvasLayer } from './deviceCanvas';
import type { DeviceStore } from './deviceStore';
import { createThrottle } from './throttle';

/** The least time between two cluster index rebuilds… */
const MIN_REBUILD_MS = 1000;
/**
 * …and at least this many times the last rebuild's cost (50,000 devices: 2–3 s), so that the worker
 * takes a tenth of a core at most. Single devices still move at every paint (a second): only the
 * cluster counts wait for the rebuild.
 */
const REBUILD_COST_FACTOR = 10;

type Props = {
  store: DeviceStore;
  /** States shown; the others are left out of the clusters too. */
  states: ReadonlySet<DeviceState>;
  /** Drawn on top and highlighted, even when it is inside a cluster or filtered out. */
  selected?: MonitorDevice | null;
  onSelect: (device: MonitorDevice) => void;
};

/** `[id, lng, lat]` triples (WGS-84) of the devices to cluster: the compact form the worker takes. */
function packPoints(store: DeviceStore, states: ReadonlySet<DeviceState>): Float64Array {
  const out = new Float64Array(store.size * 3);
  let n = 0;
  for (const d of store.values()) {
    if (d.lng === null || d.lat === null || !states.has(d.state)) continue;
    out[n++] = d.id;
    out[n++] = d.lng;
    out[n++] = d.lat;
  }
  return out.slice(0, n);
}

/**
 * Every device of the store on the map, clustered (console-spec §9: grid 80). Live updates only mark
 * the data dirty: the cluster index is rebuilt in a worker at most once a second, and the canvas is
 * redrawn after each rebuild, on map moves, and repainted when only states or headings changed.
 * Usage: `<MapView><DeviceLayer store={store} states={shown} selected={device} onSelect={open} /></MapView>`.
 */
export function DeviceLayer({ store, states, selected = null, onSelect }: Props) {
  const { map, toMap, datum } = useMap();
  const onSelectRef = useRef(onSelect);
  const selectedRef = useRef(selected);
  const layerRef = useRef<DeviceCanvasLayer | null>(null);

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const index = new ClusterClient();
    let buildMs = 0;
    const layer = new DeviceCanvasLayer(
      {
        items: (b, zoom) => index.items([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom),
        device: (id) => store.get(id),
        at: (d) => (d.lng === null || d.lat === null ? null : toMap(d.lng, d.lat)),
        selected: () => {
          const d = selectedRef.current;
          return d && d.lng !== null && d.lat !== null ? { device: d, at: toMap(d.lng, d.lat) } : null;
        },
      },
      (hit) => {
        if (hit.kind === 'device') onSelectRef.current(hit.device);
        else void index.expansionZoom(hit.clusterId).then((zoom) => map.flyTo(hit.at, Math.min(zoom, map.getMaxZoom())));
      },
    );
    const build = async () => {
      buildMs = await index.load(packPoints(store, states), datum);
      layer.redraw();
    };
    void build();
    layer.addTo(map);
    layerRef.current = layer;

    let positionsDirty = false;
    const refresh = createThrottle(
      () => {
        if (positionsDirty) void build();
        else layer.repaint();
        positionsDirty = false;
      },
      () => Math.max(MIN_REBUILD_MS, buildMs * REBUILD_COST_FACTOR),
    );
    const unsubscribe = store.subscribe((change) => {
      positionsDirty ||= change.positions;
      refresh.schedule();
    });
    return () => {
      unsubscribe();
      refresh.cancel();
      layer.remove();
      index.dispose();
      layerRef.current = null;
    };
  }, [map, toMap, datum, store, states]);

  useEffect(() => {
    selectedRef.current = selected;
    layerRef.current?.repaint();
  }, [selected]);

  return null;
}
