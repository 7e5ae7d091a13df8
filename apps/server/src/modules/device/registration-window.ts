import type { RegistrationWindowReason } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';

/** JT808_REGISTER_WINDOW_HOURS' default: three days for a stocked or reset terminal to be powered on. */
export const DEFAULT_REGISTER_WINDOW_MS = 72 * 3_600_000;

/** Devices per statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/**
 * Opens the registration window of devices that are not registered (issue 28): until `until`, the
 * first terminal to register with one of these numbers (and, when recorded, with its terminal id)
 * receives a code; afterwards the number alone registers nothing. A registered or retired device is
 * left alone — its window would outlive a later logout or reset, which open their own.
 */
export async function openRegistrationWindows(db: Db, ids: readonly number[], reason: RegistrationWindowReason, until: number): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db
      .updateTable('device')
      .set({ register_open_until: until, register_opened_for: reason })
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .where('auth_code_hash', 'is', null)
      .where('retired_at', 'is', null)
      .execute();
  }
}

/** The window as the device screens show it: open (until, why) or null. */
export function openWindow(row: { register_open_until: number | null; register_opened_for: string | null }, now: number) {
  if (row.register_open_until === null || row.register_open_until < now) return null;
  return { until: row.register_open_until, reason: (row.register_opened_for ?? 'reset') as RegistrationWindowReason };
}
