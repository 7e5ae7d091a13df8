import { FENCE_LIMITS, type CircleGeometry, type PolygonGeometry } from '@cvrisk/contracts';
import L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { textElement } from '../../../lib/safeText';
import { useMap } from '../MapContext';
import { DRAFT_STYLE, handleIcon } from './drawStyle';
import { eastOf, formatMetres, radiusFromDrag, roundCoordinate, type LngLat, type Ring } from './geometry';
import './draw.css';

export type EditableShape = { shape: 'circle'; geometry: CircleGeometry } | { shape: 'polygon'; geometry: PolygonGeometry };

type Props = {
  value: EditableShape;
  /** Called when a drag ends, with the shape in WGS-84. */
  onChange: (next: EditableShape) => void;
};

const rounded = (p: LngLat): LngLat => ({ lng: roundCoordinate(p.lng), lat: roundCoordinate(p.lat) });

/**
 * Edits a shape on the map. A circle has a centre handle (moves it) and a radius handle (resizes it,
 * showing the radius); a polygon has a handle per vertex to drag, a smaller one mid-edge to drag out a
 * new vertex, and a right-click on a vertex removes it (down to three).
 */
export function ShapeEditor({ value, onChange }: Props) {
  const { map, toMap, fromMap } = useMap();
  const { t, lang } = useI18n();
  const change = useEffectEvent(onChange);
  const radiusText = useEffectEvent((metres: number) => t('draw.radius', { radius: formatMetres(metres, lang) }));
  const vertexTitle = useEffectEvent(() => t('draw.vertexHint'));

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const handle = (at: LngLat, kind: Parameters<typeof handleIcon>[0]) =>
      L.marker(toMap(at.lng, at.lat), { icon: handleIcon(kind), draggable: true, keyboard: false, zIndexOffset: 1000 }).addTo(group);

    if (value.shape === 'circle') {
      let centre: LngLat = { lng: value.geometry.lng, lat: value.geometry.lat };
      let radius = value.geometry.radius;
      const circle = L.circle(toMap(centre.lng, centre.lat), { ...DRAFT_STYLE, radius }).addTo(group);
      const centreHandle = handle(centre, 'centre');
      const radiusHandle = handle(eastOf(centre, radius), 'radius');
      radiusHandle.bindTooltip(textElement(radiusText(radius)), { permanent: true, direction: 'right', offset: [10, 0], className: 'draw-tip' });
      const commit = () => change({ shape: 'circle', geometry: { ...rounded(centre), radius } });
      centreHandle.on('drag', () => {
        centre = fromMap(centreHandle.getLatLng());
        circle.setLatLng(centreHandle.getLatLng());
        const edge = eastOf(centre, radius);
        radiusHandle.setLatLng(toMap(edge.lng, edge.lat));
      });
      radiusHandle.on('drag', () => {
        radius = radiusFromDrag(centre, fromMap(radiusHandle.getLatLng()));
        circle.setRadius(radius);
        radiusHandle.setTooltipContent(textElement(radiusText(radius)));
      });
      centreHandle.on('dragend', commit);
      radiusHandle.on('dragend', commit);
    } else {
      const points: LngLat[] = value.geometry.points.map(([lng, lat]) => ({ lng, lat }));
      const polygon = L.polygon(points.map((p) => toMap(p.lng, p.lat)), DRAFT_STYLE).addTo(group);
      const commit = (next: LngLat[]) => change({ shape: 'polygon', geometry: { points: next.map((p): Ring[number] => [roundCoordinate(p.lng), roundCoordinate(p.lat)]) } });
      points.forEach((p, i) => {
        const vertex = handle(p, 'vertex');
        vertex.getElement()?.setAttribute('title', vertexTitle());
        vertex.on('drag', () => {
          points[i] = fromMap(vertex.getLatLng());
          polygon.setLatLngs(points.map((q) => toMap(q.lng, q.lat)));
        });
        vertex.on('dragend', () => commit(points));
        vertex.on('contextmenu', () => {
          if (points.length > FENCE_LIMITS.minVertices) commit(points.filter((_, k) => k !== i));
        });
        const next = points[(i + 1) % points.length]!;
        const mid = handle({ lng: (p.lng + next.lng) / 2, lat: (p.lat + next.lat) / 2 }, 'midpoint');
        mid.on('drag', () => {
          const grown = [...points.slice(0, i + 1), fromMap(mid.getLatLng()), ...points.slice(i + 1)];
          polygon.setLatLngs(grown.map((q) => toMap(q.lng, q.lat)));
        });
        mid.on('dragend', () => commit([...points.slice(0, i + 1), fromMap(mid.getLatLng()), ...points.slice(i + 1)]));
      });
    }
    return () => {
      group.remove();
    };
  }, [map, toMap, fromMap, value]);

  return null;
}
