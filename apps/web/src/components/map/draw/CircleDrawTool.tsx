import { FENCE_LIMITS, type CircleGeometry } from '@cvrisk/contracts';
import L from 'leaflet';
import { useEffect, useEffectEvent } from 'react';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { textElement } from '../../../lib/safeText';
import { useMap } from '../MapContext';
import { cursorTip, DRAFT_STYLE, GUIDE_STYLE, typingIn } from './drawStyle';
import { formatMetres, radiusFromDrag, roundCoordinate, SNAP_PX, type LngLat } from './geometry';
import './draw.css';

type Props = {
  /** The circle in WGS-84, whatever base layer was shown while drawing. */
  onDone: (circle: CircleGeometry) => void;
  onCancel: () => void;
};

/**
 * Draws a circle: press at the centre, then either drag and release, or release and move the mouse
 * and click again. The radius follows the cursor, in metres, on a label beside it. Esc cancels.
 * The map does not pan while the tool is active (the wheel still zooms), so a press never turns into a pan.
 */
export function CircleDrawTool({ onDone, onCancel }: Props) {
  const { map, toMap, fromMap } = useMap();
  const { t, lang } = useI18n();
  const done = useEffectEvent(onDone);
  const cancel = useEffectEvent(onCancel);
  const startText = useEffectEvent(() => t('draw.circleStart'));
  const radiusText = useEffectEvent((metres: number) => t('draw.radius', { radius: formatMetres(metres, lang) }));

  useEffect(() => {
    let centre: LngLat | null = null;
    let radius: number = FENCE_LIMITS.minRadiusM;
    // 'pressing': the button is still down on the centre; 'sizing': released, the next click finishes.
    let phase: 'idle' | 'pressing' | 'sizing' = 'idle';
    let pressedAt: L.Point | null = null;
    const circle = L.circle([0, 0], { ...DRAFT_STYLE, radius: FENCE_LIMITS.minRadiusM });
    const spoke = L.polyline([], GUIDE_STYLE);
    const tip = cursorTip();
    const container = map.getContainer();
    const couldPan = map.dragging.enabled();
    container.classList.add('map-drawing');
    map.dragging.disable();

    const follow = (at: L.LatLng) => {
      tip.setLatLng(at).setContent(textElement(centre ? radiusText(radius) : startText()));
      if (!map.hasLayer(tip)) tip.addTo(map);
    };
    const resize = (at: L.LatLng) => {
      if (!centre) return;
      radius = radiusFromDrag(centre, fromMap(at));
      const c = toMap(centre.lng, centre.lat);
      circle.setLatLng(c).setRadius(radius);
      spoke.setLatLngs([c, at]);
    };
    const finish = () => {
      if (!centre) return;
      done({ lng: roundCoordinate(centre.lng), lat: roundCoordinate(centre.lat), radius });
    };

    const onDown = (e: L.LeafletMouseEvent) => {
      if (phase !== 'idle') return;
      centre = fromMap(e.latlng);
      phase = 'pressing';
      pressedAt = e.containerPoint;
      circle.addTo(map);
      spoke.addTo(map);
      resize(e.latlng);
      follow(e.latlng);
    };
    const onMove = (e: L.LeafletMouseEvent) => {
      resize(e.latlng);
      follow(e.latlng);
    };
    const onUp = (e: L.LeafletMouseEvent) => {
      if (phase === 'pressing') {
        const dragged = pressedAt !== null && e.containerPoint.distanceTo(pressedAt) > SNAP_PX;
        if (dragged) finish();
        else phase = 'sizing';
      } else if (phase === 'sizing') {
        resize(e.latlng);
        finish();
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !typingIn(e.target)) cancel();
    };
    const onLeave = () => tip.remove();

    map.on('mousedown', onDown).on('mousemove', onMove).on('mouseup', onUp).on('mouseout', onLeave);
    document.addEventListener('keydown', onKey);
    return () => {
      map.off('mousedown', onDown).off('mousemove', onMove).off('mouseup', onUp).off('mouseout', onLeave);
      document.removeEventListener('keydown', onKey);
      circle.remove();
      spoke.remove();
      tip.remove();
      container.classList.remove('map-drawing');
      if (couldPan) map.dragging.enable();
    };
  }, [map, toMap, fromMap]);

  return null;
}
