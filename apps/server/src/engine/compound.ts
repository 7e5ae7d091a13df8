import { WARNING_TYPES } from '@cvrisk/contracts';
import type { CompoundCandidate, EngineWarningRepository } from './warning.repository.js';
import { DAY_MS, HOUR_MS } from './types.js';

const STAY = WARNING_TYPES.riskPointStay.code;
const WITH_STAY: readonly number[] = [WARNING_TYPES.powerCut.code, WARNING_TYPES.removal.code, WARNING_TYPES.offline.code];
/** The types that take part in compound escalation. */
export const COMPOUND_TYPES: ReadonlySet<number> = new Set([STAY, ...WITH_STAY]);
const COMPOUND_WINDOW_MS = 72 * HOUR_MS;

/** An offline warning counts once its silence has lasted a day; the others count as they are. */
function counts(r: CompoundCandidate): boolean {
  if (r.warning_type !== WARNING_TYPES.offline.code) return true;
  const since = (JSON.parse(r.detail) as { since?: number }).since ?? r.warning_time;
  return r.last_time - since >= DAY_MS;
}

/**
 * server-behaviour §5: a risk-point stay together with, within 72 h, a power cut, a removal or an
 * offline of at least a day, on the same car, raises the newer of the two to high and marks it
 * compound. Called when such a warning is written; answers the ids it raised.
 */
export async function escalate(
  warnings: EngineWarningRepository,
  w: { id: number; type: number; time: number; carId: number | null; deviceId: number },
): Promise<number[]> {
  if (!COMPOUND_TYPES.has(w.type)) return [];
  const partners = w.type === STAY ? WITH_STAY : [STAY];
  const rows = await warnings.compoundCandidates(w, [w.type, ...partners], w.time - COMPOUND_WINDOW_MS, w.time + COMPOUND_WINDOW_MS);
  const self = rows.find((r) => r.id === w.id);
  if (!self || !counts(self)) return [];
  const raise = new Set<number>();
  for (const r of rows) {
    if (!partners.includes(r.warning_type) || !counts(r)) continue;
    const newer = r.warning_time > self.warning_time ? r : self;
    if (newer.compound === 0) raise.add(newer.id);
  }
  if (raise.size > 0) await warnings.markCompound([...raise]);
  return [...raise];
}
