import { FENCE_LIMITS } from '@cvrisk/contracts';
import L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { textElement } from '../../../lib/safeText';
import { useMap } from '../MapContext';
import { cursorTip, DRAFT_STYLE, DRAW_COLOR, GUIDE_STYLE, typingIn } from './drawStyle';
import { polygonClick, polygonProblem, roundCoordinate, type LngLat, type Ring } from './geometry';
import './draw.css';

type Props = {
  /** The open ring in WGS-84 `[lng, lat]`, whatever base layer was shown while drawing. */
  onDone: (points: Ring) => void;
  onCancel: () => void;
};

const ringOf = (vertices: LngLat[]): Ring => vertices.map((v) => [roundCoordinate(v.lng), roundCoordinate(v.lat)]);

/**
 * Draws a polygon: each click adds a vertex; a double-click, or a click on the first vertex, closes it.
 * Backspace takes back the last vertex, Esc cancels. The map still pans between clicks. A ring whose
 * edges would cross is not closed: the label says so, and Backspace fixes it.
 */
export function PolygonDrawTool({ onDone, onCancel }: Props) {
  const { map, toMap, fromMap } = useMap();
  const { t } = useI18n();
  const done = useEffectEvent(onDone);
  const cancel = useEffectEvent(onCancel);
  const tipText = useEffectEvent((count: number) =>
    count === 0 ? t('draw.polygonStart') : count < FENCE_LIMITS.minVertices ? t('draw.polygonNext', { count }) : t('draw.polygonClose', { count }),
  );
  const crossingText = useEffectEvent(() => t('draw.polygonCrossing'));

  useEffect(() => {
    const vertices: LngLat[] = [];
    let cursor: L.LatLng | null = null;
    let crossing = false;
    const outline = L.polygon([], { ...DRAFT_STYLE, fillOpacity: 0.08 });
    const edges = L.polyline([], { ...DRAFT_STYLE, fill: false });
    const rubber = L.polyline([], GUIDE_STYLE);
    const dots = L.layerGroup();
    const tip = cursorTip();
    const container = map.getContainer();
    const couldZoomOnDoubleClick = map.doubleClickZoom.enabled();
    container.classList.add('map-drawing');
    map.doubleClickZoom.disable();
    for (const layer of [outline, edges, rubber, dots]) layer.addTo(map);

    const redraw = () => {
      const shown = vertices.map((v) => toMap(v.lng, v.lat));
      edges.setLatLngs(shown);
      outline.setLatLngs(shown.length >= FENCE_LIMITS.minVertices ? shown : []);
      const last = shown[shown.length - 1];
      const first = shown[0];
      rubber.setLatLngs(cursor && last && first ? (shown.length >= 2 ? [last, cursor, first] : [last, cursor]) : []);
      dots.clearLayers();
      shown.forEach((p, i) => {
        // The first vertex grows once clicking it would close the ring.
        const closer = i === 0 && shown.length >= FENCE_LIMITS.minVertices;
        L.circleMarker(p, { radius: closer ? 7 : 4, color: DRAW_COLOR, weight: 2, fillColor: '#fff', fillOpacity: 1, interactive: false }).addTo(dots);
      });
      if (cursor) {
        tip.setLatLng(cursor).setContent(textElement(crossing ? crossingText() : tipText(vertices.length)));
        tip.getElement()?.classList.toggle('is-error', crossing);
        if (!map.hasLayer(tip)) tip.addTo(map);
      }
    };
    const close = () => {
      const ring = ringOf(vertices);
      const problem = polygonProblem(ring);
      // A vertex placed twice makes two edges touch: the same advice (take a vertex back) applies.
      crossing = problem === 'selfIntersecting' || problem === 'repeatedVertex';
      if (problem === null) done(ring);
      else redraw();
    };

    const onClick = (e: L.LeafletMouseEvent) => {
      const onScreen = vertices.map((v) => map.latLngToContainerPoint(toMap(v.lng, v.lat)));
      const action = polygonClick(onScreen, e.containerPoint);
      if (action === 'close') return close();
      if (action === 'add') {
        vertices.push(fromMap(e.latlng));
        crossing = false;
      }
      redraw();
    };
    const onDoubleClick = () => {
      if (vertices.length >= FENCE_LIMITS.minVertices) close();
    };
    const onMove = (e: L.LeafletMouseEvent) => {
      cursor = e.latlng;
      redraw();
    };
    const onKey = (e: KeyboardEvent) => {
      if (typingIn(e.target)) return;
      if (e.key === 'Escape') cancel();
      else if (e.key === 'Backspace' && vertices.length > 0) {
        e.preventDefault();
        vertices.pop();
        crossing = false;
        redraw();
      }
    };
    const onLeave = () => {
      cursor = null;
      tip.remove();
      redraw();
    };

    map.on('click', onClick).on('dblclick', onDoubleClick).on('mousemove', onMove).on('mouseout', onLeave);
    document.addEventListener('keydown', onKey);
    return () => {
      map.off('click', onClick).off('dblclick', onDoubleClick).off('mousemove', onMove).off('mouseout', onLeave);
      document.removeEventListener('keydown', onKey);
      for (const layer of [outline, edges, rubber, dots, tip]) layer.remove();
      container.classList.remove('map-drawing');
      if (couldZoomOnDoubleClick) map.doubleClickZoom.enable();
    };
  }, [map, toMap, fromMap]);

  return null;
}
