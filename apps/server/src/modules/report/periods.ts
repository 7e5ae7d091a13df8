/** Days as YYYYMMDD keys, and the weeks and months a period spans (for per-week and per-month rows). */
const DAY_MS = 24 * 3600_000;

const toUtc = (day: number) => Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
const fromUtc = (ms: number) => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
};

/** `YYYY-MM-DD` of a day key. */
export const dayText = (day: number) => `${Math.floor(day / 10000)}-${String(Math.floor(day / 100) % 100).padStart(2, '0')}-${String(day % 100).padStart(2, '0')}`;

export const addDays = (day: number, n: number) => fromUtc(toUtc(day) + n * DAY_MS);

/** Every day of the period, first to last. */
export function daysOf(from: number, to: number): number[] {
  const out: number[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** A span of days a row covers: a week from its Monday, a month from its first. `label` names it in rows. */
export type Bucket = { from: number; to: number; label: string };

/** The Monday-to-Sunday weeks the period touches, each cut to the period. */
export function weeksOf(from: number, to: number): Bucket[] {
  const out: Bucket[] = [];
  const weekday = (new Date(toUtc(from)).getUTCDay() + 6) % 7;
  for (let monday = addDays(from, -weekday); monday <= to; monday = addDays(monday, 7)) {
    out.push({ from: Math.max(monday, from), to: Math.min(addDays(monday, 6), to), label: dayText(monday) });
  }
  return out;
}

/** The calendar months the period touches, each cut to the period. */
export function monthsOf(from: number, to: number): Bucket[] {
  const out: Bucket[] = [];
  for (let first = Math.floor(from / 100) * 100 + 1; first <= to; ) {
    const y = Math.floor(first / 10000);
    const m = Math.floor(first / 100) % 100;
    const next = m === 12 ? (y + 1) * 10000 + 101 : y * 10000 + (m + 1) * 100 + 1;
    out.push({ from: Math.max(first, from), to: Math.min(addDays(next, -1), to), label: dayText(first).slice(0, 7) });
    first = next;
  }
  return out;
}
