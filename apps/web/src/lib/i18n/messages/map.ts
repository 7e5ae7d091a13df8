/** Words of the shared map (MapView) beyond its base layers and controls. */
export const mapZh = {
  'map.streetNeedsOnline': '街道级细节需在线地图',
};

export const mapEn: Record<keyof typeof mapZh, string> = {
  'map.streetNeedsOnline': 'Street detail needs the online map',
};
