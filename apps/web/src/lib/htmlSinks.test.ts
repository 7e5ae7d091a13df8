import { describe, expect, it } from 'vitest';

/**
 * The console's own source, read as text: the "grep for HTML-string sinks" of the stored-script issue
 * (docs/security.md, "No stored script") kept as a test, so a new tooltip built from a string fails
 * here rather than in a penetration test. The rules and their only ways out:
 * - no `innerHTML`, `outerHTML`, `insertAdjacentHTML`, `dangerouslySetInnerHTML`, `document.write`,
 *   `createContextualFragment`, `DOMParser` or `srcdoc` at all;
 * - Leaflet's content setters (`bindTooltip`, `bindPopup`, `setContent`, `setTooltipContent`,
 *   `setPopupContent`) get an element: `textElement(…)` from lib/safeText, or a name bound to one;
 * - a div icon's `html` is an element as above, or markup fixed in the source (a literal whose only
 *   `${…}` are UPPER_CASE constants);
 * - an echarts option whose formatter is a function (its string is HTML) is in a file importing `escapeHtml`.
 */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], { query: '?raw', import: 'default', eager: true });

const FORBIDDEN = /\b(innerHTML|outerHTML|insertAdjacentHTML|dangerouslySetInnerHTML|document\.write|createContextualFragment|DOMParser|srcdoc)\b/;
const SETTERS = /\.(bindTooltip|bindPopup|setContent|setTooltipContent|setPopupContent)\(/g;

/** The source text of the expression starting at `start`, up to the comma or bracket that ends it. */
function expressionAt(src: string, start: number): string {
  // What encloses the scanner: brackets, and template literals with their `${…}` parts.
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = start; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (stack[stack.length - 1] === '`') {
      if (c === '\\') i++;
      else if (c === '`') stack.pop();
      else if (c === '$' && src[i + 1] === '{') {
        stack.push('${');
        i++;
      }
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '`') stack.push('`');
    else if ('([{'.includes(c)) stack.push(c);
    else if (')]}'.includes(c)) {
      if (stack.length === 0) return src.slice(start, i).trim();
      stack.pop();
    } else if (c === ',' && stack.length === 0) return src.slice(start, i).trim();
  }
  return src.slice(start).trim();
}

/** An expression that yields an element whose text was set as text, never parsed. */
function isElement(expr: string, src: string): boolean {
  if (/^textElement\(/.test(expr)) return true;
  const name = /^([A-Za-z_$][\w$]*)(\(|$)/.exec(expr);
  if (!name) return false;
  const [, id, call] = name;
  if (call) return new RegExp(`function ${id}\\([^)]*\\): HTMLElement`).test(src);
  return new RegExp(`const ${id} = (textElement|document\\.createElement)\\(`).test(src);
}

/** Markup written in the source itself: a literal, or a template of UPPER_CASE constants only. */
function isFixedMarkup(expr: string): boolean {
  if (/^'[^']*'$/.test(expr)) return true;
  if (!/^`[^`]*`$/.test(expr)) return false;
  return [...expr.matchAll(/\$\{([^}]*)\}/g)].every((m) => /^[A-Z][A-Z0-9_]*$/.test(m[1]!.trim()));
}

function problemsOf(path: string, src: string): string[] {
  const out: string[] = [];
  const line = (at: number) => `${path}:${src.slice(0, at).split('\n').length}`;
  const forbidden = FORBIDDEN.exec(src);
  if (forbidden) out.push(`${line(forbidden.index)} uses ${forbidden[1]}`);
  for (const m of src.matchAll(SETTERS)) {
    const arg = expressionAt(src, m.index + m[0].length);
    if (!isElement(arg, src)) out.push(`${line(m.index)} gives ${m[1]} ${arg.slice(0, 60)}: build it with textElement()`);
  }
  for (const m of src.matchAll(/divIcon\((?=\{)/g)) {
    const options = expressionAt(src, m.index + m[0].length);
    const html = /\bhtml:\s*/.exec(options);
    if (!html) continue;
    const value = expressionAt(options, html.index + html[0].length);
    if (!isElement(value, src) && !isFixedMarkup(value)) out.push(`${line(m.index)} gives a div icon the html ${value.slice(0, 60)}: build it with textElement()`);
  }
  if (/\bEChart|EChartsCoreOption\b/.test(src) && /\bformatter:\s*(\([^)]*\)|\w+)\s*=>/.test(src) && !/\bescapeHtml\b/.test(src)) {
    out.push(`${path} has a chart formatter function (its string is HTML) and escapes nothing: use escapeHtml()`);
  }
  return out;
}

describe('the console builds no HTML from strings', () => {
  it('reads the source it checks', () => {
    const paths = Object.keys(sources);
    expect(paths).toContain('/src/components/map/layers/FenceLayer.tsx');
    expect(paths.some((p) => p.endsWith('.test.ts') || p.endsWith('.test.tsx'))).toBe(false);
  });

  it('has no HTML-string sink: map tooltips, popups and labels are elements of text, chart formatters escape', () => {
    const problems = Object.entries(sources).flatMap(([path, src]) => problemsOf(path, src));
    expect(problems).toEqual([]);
  });

  it('would catch each kind of sink', () => {
    const sample = (code: string) => problemsOf('/src/x.tsx', code);
    expect(sample('shape.bindTooltip(fence.name, { sticky: true });')).toHaveLength(1);
    expect(sample('marker.bindTooltip(`${p.name} · ${label}`, { direction: "top" });')).toHaveLength(1);
    expect(sample('tip.setLatLng(at).setContent(t("draw.radius"));')).toHaveLength(1);
    expect(sample('L.divIcon({ className: "", html: `<div class="stop">${i + 1}</div>`, iconSize: [22, 22] });')).toHaveLength(1);
    expect(sample('el.innerHTML = name;')).toHaveLength(1);
    expect(sample('<div dangerouslySetInnerHTML={{ __html: name }} />')).toHaveLength(1);
    expect(sample('import { EChart } from "x"; const o = { tooltip: { formatter: (p) => `${p.name}<br/>` } };')).toHaveLength(1);
    expect(sample('shape.bindTooltip(textElement(fence.name), { sticky: true });')).toEqual([]);
    expect(sample('const tip = textElement([a, b]);\nmarker.bindTooltip(tip, {});')).toEqual([]);
    expect(sample('L.divIcon({ className: "", html: `<div class="arrow">${ARROW}</div>`, iconSize: [28, 28] });')).toEqual([]);
  });
});
