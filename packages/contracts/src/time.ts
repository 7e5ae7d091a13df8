/**
 * Asia/Shanghai has had no daylight saving since 1991, so it is a fixed +08:00 offset:
 * plain arithmetic, identical on server and browser whatever their own time zone.
 */
const OFFSET_MS = 8 * 3600_000;
const PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Epoch ms → `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
export function formatTime(ms: number): string {
  const d = new Date(ms + OFFSET_MS);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai → epoch ms, or null when it is not a real time. */
export function parseTime(text: string): number | null {
  const m = PATTERN.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return ms - OFFSET_MS;
}

/** The hour of day (0–23) in Asia/Shanghai. */
export function shanghaiHour(ms: number): number {
  return new Date(ms + OFFSET_MS).getUTCHours();
}

/** Day key YYYYMMDD (an integer) in Asia/Shanghai, for daily figures. */
export function dayKey(ms: number): number {
  const d = new Date(ms + OFFSET_MS);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}
