import type { Lang } from './i18n/translate';

const WORDS: Record<Lang, readonly string[]> = {
  zh: ['北', '东北', '东', '东南', '南', '西南', '西', '西北'],
  en: ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'],
};

/**
 * The eight-point compass word of a JT/T 808 direction (0–359°, clockwise from north): each word
 * covers 45° centred on its point, so 337.5°–22.4° is 北 and 22.5° already 东北.
 */
export function compassWord(degrees: number, lang: Lang): string {
  const normalised = ((degrees % 360) + 360) % 360;
  return WORDS[lang][Math.round(normalised / 45) % 8]!;
}

/** `350° 北`: the degrees for precision, the word to read at a glance. */
export function formatHeading(degrees: number, lang: Lang): string {
  return `${Math.round(degrees)}° ${compassWord(degrees, lang)}`;
}
