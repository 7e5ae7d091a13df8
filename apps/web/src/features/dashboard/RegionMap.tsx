import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { textElement } from '../../lib/safeText';
import { fillOf, placeLabels, shortName, type RegionView } from './mapRegions';

type Props = {
  view: RegionView;
  counts: ReadonlyMap<string, number>;
  /** Provinces drill down; cities do not. */
  onPick?: (name: string) => void;
  tooltip: (name: string, count: number) => string;
  /** Provinces by their short names; cities in full. */
  short: boolean;
};

const EDGE = { color: 'rgba(120, 190, 255, 0.55)', weight: 1 };
const EDGE_HOVER = { color: '#bff4ff', weight: 2 };

/** Label size follows the map: legible on the wall screen, not crowding a laptop's. */
const labelPx = (mapWidth: number) => Math.round(Math.min(15, Math.max(11, mapWidth / 70)));

/**
 * The board's map: the regions coloured by cars on the canvas renderer, no tiles and no panning (a wall
 * screen is looked at, not dragged), refitted whenever its panel changes size. Names are DOM labels
 * that let clicks through to the region under them, placed where they do not overlap, regions with
 * cars first.
 */
export function RegionMap({ view, counts, onPick, tooltip, short }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);

  useEffect(() => {
    const m = L.map(el.current!, {
      renderer: L.canvas(),
      zoomControl: false,
      attributionControl: false,
      dragging: false,
      scrollWheelZoom: false,
      doubleClickZoom: false,
      boxZoom: false,
      keyboard: false,
      touchZoom: false,
      zoomSnap: 0,
    });
    setMap(m);
    return () => {
      m.remove();
    };
  }, []);

  useEffect(() => {
    if (!map) return;
    const max = Math.max(0, ...counts.values());
    const shapes = L.layerGroup().addTo(map);
    const labels = L.layerGroup().addTo(map);
    for (const r of view.regions) {
      const count = counts.get(r.name) ?? 0;
      const shape = L.polygon(r.rings, { ...EDGE, fillColor: fillOf(count, max), fillOpacity: 0.92, interactive: true });
      shape.bindTooltip(textElement(tooltip(r.name, count)), { sticky: true, className: 'dashboard-map-tip' });
      shape.on('mouseover', () => shape.setStyle(EDGE_HOVER)).on('mouseout', () => shape.setStyle(EDGE));
      if (onPick) shape.on('click', () => onPick(r.name));
      shapes.addLayer(shape);
    }

    const order = view.regions
      .filter((r) => r.label)
      .sort((a, b) => (counts.get(b.name) ?? 0) - (counts.get(a.name) ?? 0) || b.area - a.area);
    const fit = () => {
      map.invalidateSize({ pan: false });
      const size = map.getSize();
      if (!size.x || !size.y) return;
      map.fitBounds(view.bounds, { padding: [6, 6], animate: false });
      labels.clearLayers();
      const px = labelPx(size.x);
      const boxes = order.map((r) => {
        const text = short ? shortName(r.name) : r.name;
        const p = map.latLngToContainerPoint(r.label!);
        return { name: r.name, text, at: r.label!, x: p.x, y: p.y, width: text.length * px + 6, height: px + 4 };
      });
      for (const box of placeLabels(boxes, size.x, size.y)) {
        const span = textElement(box.text, { tag: 'span' });
        span.style.fontSize = `${px}px`;
        if ((counts.get(box.name) ?? 0) > 0) span.className = 'has-cars';
        const icon = L.divIcon({ className: 'dashboard-map-label', html: span, iconSize: [0, 0] });
        labels.addLayer(L.marker(box.at, { icon, interactive: false, keyboard: false }));
      }
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el.current!);
    return () => {
      observer.disconnect();
      shapes.remove();
      labels.remove();
    };
  }, [map, view, counts, onPick, tooltip, short]);

  return <div ref={el} className="dashboard-map" />;
}
