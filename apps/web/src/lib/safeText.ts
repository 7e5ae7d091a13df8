/**
 * Text from users, terminals and geocoders never becomes markup (docs/security.md, "No stored
 * script"). Leaflet's tooltips, popups and div icons parse a string as HTML, so they are given an
 * element made here, whose text is set as text; an echarts tooltip formatter must return HTML, so what
 * it puts in is escaped. React needs neither: it renders strings as text.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` with every markup character as an entity: only for an API that takes nothing but an HTML string. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

type TextOptions = { className?: string; tag?: 'div' | 'span' };

/**
 * An element holding `text` as text, for what Leaflet would otherwise parse: a tooltip's or popup's
 * content, a div icon's label. Several lines (an array, or a text with line breaks) become a block each.
 */
export function textElement(text: string | readonly string[], { className, tag = 'div' }: TextOptions = {}): HTMLElement {
  const el = document.createElement(tag);
  if (className) el.className = className;
  const lines = typeof text === 'string' ? text.split('\n') : text;
  if (lines.length === 1) {
    el.textContent = lines[0]!;
    return el;
  }
  for (const line of lines) {
    const block = document.createElement('div');
    block.textContent = line;
    el.appendChild(block);
  }
  return el;
}
