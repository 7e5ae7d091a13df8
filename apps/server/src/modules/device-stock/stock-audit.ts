/** The audit log keeps 1000 characters of detail; a part stays below this with room for its "1/3". */
const DETAIL_BUDGET = 900;

/** Device numbers grouped by the department they were in: `{ "杭州XX汽车": ["13800010001", …] }`. */
export function byDept(devices: { number: string; dept: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const d of devices) (out[d.dept] ??= []).push(d.number);
  return out;
}

/** The devices taken off cars, by plate: `{ fromCars: { "浙A12345": ["13800010001"] } }`, or nothing when none was on a car. */
export function fromCars(devices: { number: string; plate: string | null }[]): { fromCars?: Record<string, string[]> } {
  const out: Record<string, string[]> = {};
  for (const d of devices) if (d.plate !== null) (out[d.plate] ??= []).push(d.number);
  return Object.keys(out).length > 0 ? { fromCars: out } : {};
}

/**
 * The details of one act on many devices, split so that every device is named and no detail is cut:
 * the log's detail column is bounded, and a cut JSON text would name no device at all. One part
 * holds about forty numbers; each part says which it is (`part: "2/3"`).
 */
export function auditParts<T>(items: T[], detailOf: (part: T[]) => object): object[] {
  const parts: T[][] = [];
  let current: T[] = [];
  for (const item of items) {
    const next = [...current, item];
    if (current.length > 0 && JSON.stringify(detailOf(next)).length > DETAIL_BUDGET) {
      parts.push(current);
      current = [item];
    } else current = next;
  }
  if (current.length > 0) parts.push(current);
  if (parts.length === 1) return [detailOf(parts[0]!)];
  return parts.map((p, i) => ({ part: `${i + 1}/${parts.length}`, ...detailOf(p) }));
}
