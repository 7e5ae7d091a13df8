import L from 'leaflet';

/** The colour of anything being drawn or edited: distinct from the blue of saved fences. */
export const DRAW_COLOR = '#fa541c';

export const DRAFT_STYLE: L.PathOptions = { color: DRAW_COLOR, weight: 2, fillColor: DRAW_COLOR, fillOpacity: 0.15, interactive: false };
export const GUIDE_STYLE: L.PathOptions = { color: DRAW_COLOR, weight: 1.5, dashArray: '6 6', interactive: false };

/** A draggable handle; DOM markers drag natively, canvas paths do not. */
export function handleIcon(kind: 'vertex' | 'midpoint' | 'centre' | 'radius'): L.DivIcon {
  const size = kind === 'midpoint' ? 10 : 14;
  return L.divIcon({ className: `draw-handle draw-handle-${kind}`, iconSize: [size, size] });
}

/** A text label that follows the cursor (radius, vertex count, what to do next). */
export function cursorTip(): L.Tooltip {
  return L.tooltip({ direction: 'right', offset: [14, 0], className: 'draw-tip', interactive: false });
}

/** Whether a key press was meant for a text field rather than for the drawing. */
export function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}
