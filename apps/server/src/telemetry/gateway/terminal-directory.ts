import { DeviceKind } from '@cvrisk/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { RegisterResult } from '../jt808/index.js';
import { authCodeMatches, hashAuthCode, newAuthCode } from './auth-code.js';

export type Terminal = { id: number; number: string };

export type Registration =
  | { result: typeof RegisterResult.success; authCode: string }
  | { result: typeof RegisterResult.terminalAlreadyRegistered | typeof RegisterResult.terminalUnknown };

/**
 * Device rows as the gateway needs them. A terminal registers once and then proves itself with the
 * code it was given; registering again is refused until an administrator resets the registration
 * (or the terminal itself logs out, 0x0003), so knowing a device number is not enough to take it over.
 */
export function createTerminalDirectory(db: Db, opts: { autoRegister: boolean; now?: () => number }) {
  const now = opts.now ?? Date.now;
  // A retired device is no terminal of ours: it gets the unknown terminal's answers. (Auto-registration
  // cannot revive it either: filing its number again does nothing, the number being taken.)
  const find = (number: string) =>
    db.selectFrom('device').select(['id', 'device_number', 'auth_code_hash']).where('device_number', '=', number).where('retired_at', 'is', null).executeTakeFirst();

  /** Files an unknown terminal under the platform, unassigned (JT808_AUTO_REGISTER=1). */
  async function fileUnknown(number: string, model: string): Promise<void> {
    const root = await db.selectFrom('dept').select('id').where('kind', '=', 'platform').orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('device')
      .values({ device_number: number, kind: DeviceKind.wired, model: model.slice(0, 30) || 'unknown', iccid: '', dept_id: root.id, car_id: null, install_time: null, created_at: now() })
      .onConflict((oc) => oc.column('device_number').doNothing())
      .execute();
  }

  return {
    async register(number: string, model: string): Promise<Registration> {
      let row = await find(number);
      if (!row && opts.autoRegister) {
        await fileUnknown(number, model);
        row = await find(number);
      }
      if (!row) return { result: RegisterResult.terminalUnknown };
      const authCode = newAuthCode();
      // Only an unregistered row takes the code: of two registrations at once, one wins.
      const taken = await db
        .updateTable('device')
        .set({ auth_code_hash: hashAuthCode(authCode), registered_at: now() })
        .where('id', '=', row.id)
        .where('auth_code_hash', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return { result: RegisterResult.terminalAlreadyRegistered };
      return { result: RegisterResult.success, authCode };
    },

    /** The terminal, when the code is the one it was given; null otherwise (compared in constant time). */
    async authenticate(number: string, code: string): Promise<Terminal | null> {
      const row = await find(number);
      if (!row || !authCodeMatches(row.auth_code_hash, code)) return null;
      return { id: row.id, number: row.device_number };
    },

    /** 0x0003 from an authenticated terminal: it gives its registration up and must register again. */
    async deregister(id: number): Promise<void> {
      await db.updateTable('device').set({ auth_code_hash: null, registered_at: null }).where('id', '=', id).execute();
    },

    /** Adds refused positions to the device's count, shown on the device screens. */
    async countInvalid(id: number, count: number, reason: string): Promise<void> {
      await db
        .updateTable('device')
        .set({ invalid_positions: sql`invalid_positions + ${count}`, last_invalid_at: now(), last_invalid_reason: reason.slice(0, 40) })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type TerminalDirectory = ReturnType<typeof createTerminalDirectory>;
