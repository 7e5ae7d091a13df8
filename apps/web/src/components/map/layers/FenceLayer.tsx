import type { FenceItem } from '@cvrisk/contracts';
import L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { textElement } from '../../../lib/safeText';
import { shapeBounds } from '../draw/geometry';
import { useMap } from '../MapContext';
import './layers.css';

type Props = {
  fences: readonly FenceItem[];
  selectedId?: number | null;
  /** Off while another shape is drawn, so two outlines in the same colour cannot be confused; the view still follows the selection. */
  highlight?: boolean;
  /** A fence being edited: the editor draws it instead. */
  hiddenId?: number | null;
  onSelect?: (id: number) => void;
  /** Off while a drawing tool owns the clicks. */
  interactive?: boolean;
};

/** The department's own fences in blue, those shared from above in purple; the selected one stands out. */
export const FENCE_COLORS = { own: '#1677ff', shared: '#722ed1', selected: '#fa8c16' } as const;
const FIT_PADDING = L.point(40, 40);

function styleOf(fence: FenceItem, selected: boolean, interactive: boolean): L.PathOptions {
  const color = selected ? FENCE_COLORS.selected : fence.own ? FENCE_COLORS.own : FENCE_COLORS.shared;
  return { color, weight: selected ? 3 : 2, fillColor: color, fillOpacity: selected ? 0.22 : 0.08, interactive };
}

function shapeOf(fence: FenceItem, toMap: (lng: number, lat: number) => L.LatLng, style: L.PathOptions): L.Path {
  if (fence.shape === 'circle') return L.circle(toMap(fence.geometry.lng, fence.geometry.lat), { ...style, radius: fence.geometry.radius });
  return L.polygon(fence.geometry.points.map(([lng, lat]) => toMap(lng, lat)), style);
}

/** The fences of a list on the map, named on hover (the selected one always); the map fits the selection. */
export function FenceLayer({ fences, selectedId = null, highlight = true, hiddenId = null, onSelect, interactive = true }: Props) {
  const { map, toMap } = useMap();
  const select = useEffectEvent((id: number) => onSelect?.(id));

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    // The selected fence is drawn last so its outline is on top.
    const ordered = [...fences].sort((a, b) => Number(a.id === selectedId) - Number(b.id === selectedId));
    for (const fence of ordered) {
      if (fence.id === hiddenId) continue;
      const selected = highlight && fence.id === selectedId;
      const shape = shapeOf(fence, toMap, styleOf(fence, selected, interactive)).addTo(group);
      shape.bindTooltip(textElement(fence.name), { permanent: selected, sticky: !selected, direction: selected ? 'center' : 'top', className: 'fence-label' });
      if (interactive) shape.on('click', () => select(fence.id));
    }
    return () => {
      group.remove();
    };
  }, [map, toMap, fences, selectedId, highlight, hiddenId, interactive]);

  // Fits on a new selection or a new list, not when the base layer (and with it toMap) changes.
  const fit = useEffectEvent(() => {
    const shown = selectedId === null ? fences : fences.filter((f) => f.id === selectedId);
    if (shown.length === 0) return;
    const bounds = L.latLngBounds([]);
    for (const f of shown) {
      const [[w, s], [e, n]] = shapeBounds(f.geometry);
      bounds.extend(toMap(w, s)).extend(toMap(e, n));
    }
    map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: 16 });
  });
  const listKey = fences.map((f) => f.id).join(',');
  useEffect(() => fit(), [selectedId, listKey]);

  return null;
}
