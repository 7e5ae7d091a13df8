import { WARNING_TYPES } from '@cvrisk/contracts';
import type { Db } from '../db/database.js';
import { DAY_MS, HOUR_MS } from './types.js';

const STAY = WARNING_TYPES.riskPointStay.code;
const WITH_STAY: readonly number[] = [WARNING_TYPES.powerCut.code, WARNING_TYPES.removal.code, WARNING_TYPES.offline.code];
/** The types that take part in compound escalation. */
export const COMPOUND_TYPES: ReadonlySet<number> = new Set([STAY, ...WITH_STAY]);
const COMPOUND_WINDOW_MS = 72 * HOUR_MS;

type Row = { id: number; warning_type: number; warning_time: number; last_time: number; detail: string; compound: number };

/** An offline warning counts once its silence has lasted a day; the others count as they are. */
function counts(r: Row): boolean {
  if (r.warning_type !== WARNING_TYPES.offline.code) return true;
  const since = (JSON.parse(r.detail) as { since?: number }).since ?? r.warning_time;
  return r.last_time - since >= DAY_MS;
}

/**
 * server-behaviour §5: a risk-point stay together with, within 72 h, a power cut, a removal or an
 * offline of at least a day, on the same car, raises the newer of the two to high and marks it
 * compound. Called when such a warning is written; answers the ids it raised.
 */
export async function escalate(db: Db, w: { id: number; type: number; time: number; carId: number | null; deviceId: number }): Promise<number[]> {
  if (!COMPOUND_TYPES.has(w.type)) return [];
  const partners = w.type === STAY ? WITH_STAY : [STAY];
  const rows = await db.selectFrom('warning')
    .select(['id', 'warning_type', 'warning_time', 'last_time', 'detail', 'compound'])
    .where(w.carId === null ? (eb) => eb('device_id', '=', w.deviceId) : (eb) => eb('car_id', '=', w.carId))
    .where('warning_type', 'in', [w.type, ...partners])
    .where('warning_time', '>=', w.time - COMPOUND_WINDOW_MS)
    .where('warning_time', '<=', w.time + COMPOUND_WINDOW_MS)
    .execute();
  const self = rows.find((r) => r.id === w.id);
  if (!self || !counts(self)) return [];
  const raise = new Set<number>();
  for (const r of rows) {
    if (!partners.includes(r.warning_type) || !counts(r)) continue;
    const newer = r.warning_time > self.warning_time ? r : self;
    if (newer.compound === 0) raise.add(newer.id);
  }
  if (raise.size > 0) await db.updateTable('warning').set({ risk_level: 1, compound: 1 }).where('id', 'in', [...raise]).execute();
  return [...raise];
}
