/** What the tables show for a missing value. */
export const EMPTY = '-';

export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? EMPTY : String(value);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A share as a percentage with one decimal; 0 when there is nothing to share. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

const DURATION_UNITS = [
  { seconds: 86_400, zh: '天', en: 'd' },
  { seconds: 3_600, zh: '小时', en: 'h' },
  { seconds: 60, zh: '分', en: 'm' },
  { seconds: 1, zh: '秒', en: 's' },
] as const;

/** A duration in whole seconds as server-behaviour §12 writes durations (`1天2小时`, `1d 2h`), zero parts left out. */
export function formatSeconds(total: number, lang: 'zh' | 'en'): string {
  let rest = Math.max(0, Math.round(total));
  const parts: string[] = [];
  for (const unit of DURATION_UNITS) {
    const n = Math.floor(rest / unit.seconds);
    rest -= n * unit.seconds;
    if (n > 0) parts.push(`${n}${unit[lang]}`);
  }
  if (parts.length === 0) return lang === 'zh' ? '0秒' : '0s';
  return parts.join(lang === 'zh' ? '' : ' ');
}
