import L from 'leaflet';
import type { MessageKey } from '../../lib/i18n/translate';
import type { Datum } from './datum';
import { createOutlineLayer } from './outlineLayer';

export type BaseLayerId = 'amapRoad' | 'amapSatellite' | 'osm' | 'offline';

type BaseLayerDef = { label: MessageKey; datum: Datum; create: () => L.Layer };

const AMAP_ATTRIBUTION = '© 高德地图';

/** The order here is the order of the layer control. */
export const BASE_LAYERS: Record<BaseLayerId, BaseLayerDef> = {
  amapRoad: {
    label: 'map.layerAmapRoad',
    datum: 'gcj02',
    create: () =>
      L.tileLayer('https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}', {
        subdomains: '1234',
        maxZoom: 18,
        attribution: AMAP_ATTRIBUTION,
      }),
  },
  amapSatellite: {
    label: 'map.layerAmapSatellite',
    datum: 'gcj02',
    create: () =>
      L.tileLayer('https://webst0{s}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}', {
        subdomains: '1234',
        maxZoom: 18,
        attribution: AMAP_ATTRIBUTION,
      }),
  },
  osm: {
    label: 'map.layerOsm',
    datum: 'wgs84',
    create: () =>
      L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
        maxZoom: 18,
        attribution: '© OpenStreetMap',
      }),
  },
  offline: { label: 'map.layerOffline', datum: 'wgs84', create: createOutlineLayer },
};

export const BASE_LAYER_IDS = Object.keys(BASE_LAYERS) as BaseLayerId[];
export const OFFLINE_LAYER: BaseLayerId = 'offline';

const STORAGE_KEY = 'cvrisk.map.baseLayer';

/** The base layer the user last chose (AMap road the first time). */
export function loadBaseLayer(): BaseLayerId {
  const saved = localStorage.getItem(STORAGE_KEY);
  return saved && saved in BASE_LAYERS ? (saved as BaseLayerId) : 'amapRoad';
}

export function saveBaseLayer(id: BaseLayerId): void {
  localStorage.setItem(STORAGE_KEY, id);
}
