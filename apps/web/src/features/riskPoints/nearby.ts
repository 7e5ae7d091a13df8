import type { RiskPointItem } from '@cvrisk/contracts';

/**
 * One list of the risk points near a place from the two calls (shared from above, and the caller's
 * own), nearest first; a point both calls return is listed once.
 */
export function mergeNearby(shared: readonly RiskPointItem[], own: readonly RiskPointItem[]): RiskPointItem[] {
  const byId = new Map<number, RiskPointItem>();
  for (const p of [...own, ...shared]) if (!byId.has(p.id)) byId.set(p.id, p);
  const far = Number.POSITIVE_INFINITY;
  return [...byId.values()].sort((a, b) => (a.distance ?? far) - (b.distance ?? far) || a.id - b.id);
}
