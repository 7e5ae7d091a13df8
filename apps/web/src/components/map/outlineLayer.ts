import L from 'leaflet';
import { prepareOutlines, type OutlineFeature } from './outlineGeometry';
import { OutlineTiles } from './outlineTiles';

/**
 * The offline base layer: province and city outlines with their names (WGS-84 GeoJSON shipped with the
 * console), for machines without internet access, where no tile server answers. The file is fetched
 * and prepared once per page and shared by every map; without it the layer stays empty and the map
 * still works (MapView says so).
 */
const OUTLINES_URL = 'geo/china-outlines.json';

let outlines: Promise<OutlineFeature[] | null> | null = null;

/** The prepared outlines, or null when the file is missing or unreadable. */
export function loadOutlines(): Promise<OutlineFeature[] | null> {
  // Relative to the page, so the console works under any mount path.
  outlines ??= fetch(OUTLINES_URL)
    .then((res) => (res.ok ? (res.json() as Promise<GeoJSON.GeoJsonObject>) : null))
    .then((data) => (data?.type === 'FeatureCollection' ? prepareOutlines(data as GeoJSON.FeatureCollection) : null))
    .catch(() => null);
  return outlines;
}

export function createOutlineLayer(): L.Layer {
  const group = L.layerGroup();
  let loaded = false;
  group.on('add', () => {
    if (loaded) return;
    loaded = true;
    void loadOutlines().then((features) => {
      if (features) group.addLayer(new OutlineTiles(features));
      else group.fire('outlinesmissing');
    });
  });
  return group;
}
