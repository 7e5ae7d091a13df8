import { DeviceKind } from '@cvrisk/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { RegisterResult } from '../jt808/index.js';
import { authCodeMatches, hashAuthCode, newAuthCode } from './auth-code.js';

export type Terminal = { id: number; number: string };

export type Registration =
  | { result: typeof RegisterResult.success; authCode: string }
  | { result: typeof RegisterResult.terminalAlreadyRegistered | typeof RegisterResult.terminalUnknown };

/** What the terminal says of itself in its registration (0x0100). */
export type RegistrationClaim = { number: string; model: string; terminalId: string };

/** Why a registration was refused, as the device screens show it (at most 40 characters). */
export const RegisterRefusal = {
  noWindow: '未开放注册窗口',
  windowExpired: '注册窗口已过期',
  otherTerminal: (sent: string) => `终端ID不符（收到 ${sent || '空'}）`.slice(0, 40),
  registered: '终端已注册',
} as const;

/**
 * Device rows as the gateway needs them. A terminal registers once, only inside a window the product
 * opened for it (its stock import or transfer, its install order, an administrator's reset, its own
 * logout) and, when its terminal id was recorded, only with that id; then it proves itself with the
 * code it was given. So knowing a device number is not enough to take a terminal over, nor to claim
 * one that has not connected yet. Refused attempts are counted on the device.
 */
export function createTerminalDirectory(db: Db, opts: { autoRegister: boolean; registerWindowMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  // A retired device is no terminal of ours: it gets the unknown terminal's answers. (Auto-registration
  // cannot revive it either: filing its number again does nothing, the number being taken.)
  const find = (number: string) =>
    db
      .selectFrom('device')
      .select(['id', 'device_number', 'auth_code_hash', 'register_open_until', 'terminal_id'])
      .where('device_number', '=', number)
      .where('retired_at', 'is', null)
      .executeTakeFirst();

  /** Files an unknown terminal under the platform, unassigned (JT808_AUTO_REGISTER=1). */
  async function fileUnknown(number: string, model: string): Promise<void> {
    const root = await db.selectFrom('dept').select('id').where('kind', '=', 'platform').orderBy('id').executeTakeFirstOrThrow();
    await db
      .insertInto('device')
      .values({ device_number: number, kind: DeviceKind.wired, model: model.slice(0, 30) || 'unknown', iccid: '', dept_id: root.id, car_id: null, install_time: null, created_at: now() })
      .onConflict((oc) => oc.column('device_number').doNothing())
      .execute();
  }

  /** Why this claim may not register the row, or null when it may. */
  function refusal(row: NonNullable<Awaited<ReturnType<typeof find>>>, claim: RegistrationClaim, at: number): string | null {
    if (row.auth_code_hash !== null) return RegisterRefusal.registered;
    if (opts.autoRegister) return null;
    if (row.register_open_until === null) return RegisterRefusal.noWindow;
    if (row.register_open_until < at) return RegisterRefusal.windowExpired;
    // Terminals pad the field with spaces or zero bytes, and some print their id in lower case.
    if (row.terminal_id && row.terminal_id.toUpperCase() !== claim.terminalId.trim().toUpperCase()) return RegisterRefusal.otherTerminal(claim.terminalId.trim());
    return null;
  }

  async function countRefusal(id: number, reason: string, at: number): Promise<void> {
    await db
      .updateTable('device')
      .set({ register_refusals: sql`register_refusals + 1`, last_register_refused_at: at, last_register_refused_reason: reason })
      .where('id', '=', id)
      .execute();
  }

  return {
    async register(claim: RegistrationClaim): Promise<Registration> {
      let row = await find(claim.number);
      if (!row && opts.autoRegister) {
        await fileUnknown(claim.number, claim.model);
        row = await find(claim.number);
      }
      if (!row) return { result: RegisterResult.terminalUnknown };
      const at = now();
      const refused = refusal(row, claim, at);
      if (refused) {
        await countRefusal(row.id, refused, at);
        // Outside its window a number is, to the terminal, not in the database; a registered one says so.
        return { result: refused === RegisterRefusal.registered ? RegisterResult.terminalAlreadyRegistered : RegisterResult.terminalUnknown };
      }
      const authCode = newAuthCode();
      // Only an unregistered row takes the code, and using the window closes it: of two registrations at once, one wins.
      const taken = await db
        .updateTable('device')
        .set({ auth_code_hash: hashAuthCode(authCode), registered_at: at, register_open_until: null, register_opened_for: null })
        .where('id', '=', row.id)
        .where('auth_code_hash', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) {
        await countRefusal(row.id, RegisterRefusal.registered, at);
        return { result: RegisterResult.terminalAlreadyRegistered };
      }
      return { result: RegisterResult.success, authCode };
    },

    /** The terminal, when the code is the one it was given; null otherwise (compared in constant time). */
    async authenticate(number: string, code: string): Promise<Terminal | null> {
      const row = await find(number);
      if (!row || !authCodeMatches(row.auth_code_hash, code)) return null;
      return { id: row.id, number: row.device_number };
    },

    /**
     * 0x0003 from an authenticated terminal: it gives its registration up and must register again —
     * within a window this opens, the terminal having just proved it is the one fitted to the car.
     */
    async deregister(id: number): Promise<void> {
      const at = now();
      await db
        .updateTable('device')
        .set({ auth_code_hash: null, registered_at: null, register_open_until: at + opts.registerWindowMs, register_opened_for: 'logout' })
        .where('id', '=', id)
        .execute();
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
