type Params = Record<string, unknown>;

function entries(params: Params): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => out.push([key, String(v)]));
    else out.push([key, String(value)]);
  }
  return out;
}

/** Query string or form body; empty filters are left out so the server sees them as absent. */
export function toSearch(params: Params): string {
  return new URLSearchParams(entries(params)).toString();
}

export function withQuery(url: string, params: Params | undefined): string {
  const qs = params ? toSearch(params) : '';
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

/** File name from Content-Disposition; RFC 5987 `filename*` wins because it carries Chinese names. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Malformed percent-encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  if (!name) return fallback;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
