import { FRAUD_EARLY_DAYS, FRAUD_RISK_POINT_DAYS, WARNING_TYPES } from '@cvrisk/contracts';
import type { Db } from '../db/database.js';
import { reverseGeocode } from '../geo/gazetteer.js';
import { DAY_MS } from './types.js';

/** A warning just raised, as the loan-fraud rule reads it. */
export type RaisedWarning = {
  id: number;
  deviceId: number;
  deptId: number;
  customerId: number;
  type: number;
  time: number;
  lng: number | null;
  lat: number | null;
  detail: Record<string, unknown>;
};

const EARLY = new Set<number>([WARNING_TYPES.removal.code, WARNING_TYPES.powerCut.code, WARNING_TYPES.offline.code]);

/**
 * server-behaviour §7: a device removed, cut or gone offline within 7 days of its install, or the car
 * staying at a risk point within 30 days of it, suggests the loan was a fraud. Before the install
 * (a clock gone wrong, a history upload) suggests nothing.
 */
export function suggestsFraud(type: number, time: number, installTime: number | null): boolean {
  if (installTime === null || time < installTime) return false;
  const days = (time - installTime) / DAY_MS;
  if (EARLY.has(type)) return days <= FRAUD_EARLY_DAYS;
  return type === WARNING_TYPES.riskPointStay.code && days <= FRAUD_RISK_POINT_DAYS;
}

/** Where it happened: the risk point's name for a stay, else the address of the warning's place. */
function placeOf(w: RaisedWarning): string {
  if (typeof w.detail.riskPointName === 'string') return w.detail.riskPointName;
  return w.lng === null || w.lat === null ? '' : (reverseGeocode(w.lng, w.lat)?.address ?? '');
}

/**
 * Records the suggestion once per (device, warning type): a second event of the same kind meets the
 * unique index and is ignored. Runs only when a warning is inserted, never per fix.
 */
export function createLoanFraudSuggester(db: Db, now: () => number) {
  return async (w: RaisedWarning): Promise<void> => {
    if (!EARLY.has(w.type) && w.type !== WARNING_TYPES.riskPointStay.code) return;
    const device = await db.selectFrom('device').select('install_time').where('id', '=', w.deviceId).executeTakeFirst();
    const installTime = device?.install_time ?? null;
    if (!suggestsFraud(w.type, w.time, installTime)) return;
    await db.insertInto('loan_fraud_suggestion')
      .values({
        dept_id: w.deptId, customer_id: w.customerId, device_id: w.deviceId, warning_id: w.id, warning_type: w.type,
        event_time: w.time, install_time: installTime!, place: placeOf(w), created_at: now(),
      })
      .onConflict((oc) => oc.columns(['device_id', 'warning_type']).doNothing())
      .execute();
  };
}

export type LoanFraudSuggester = ReturnType<typeof createLoanFraudSuggester>;
