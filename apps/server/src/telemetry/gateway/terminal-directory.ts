import crypto from 'node:crypto';
import type { Db } from '../../db/database.js';

export type Terminal = { id: number; number: string; authCode: string | null };

/** Device rows as the gateway needs them: who may register, and their auth codes. */
export function createTerminalDirectory(db: Db, opts: { autoRegister: boolean; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const find = async (number: string): Promise<Terminal | undefined> => {
    const row = await db.selectFrom('device').select(['id', 'device_number', 'auth_code']).where('device_number', '=', number).executeTakeFirst();
    return row && { id: row.id, number: row.device_number, authCode: row.auth_code };
  };

  return {
    find,
    /**
     * A known device (or, with auto-registration on, a new unassigned one under the platform) gets a
     * fresh auth code; an unknown one gets null and is refused.
     */
    async register(number: string, model: string): Promise<string | null> {
      let terminal = await find(number);
      if (!terminal && opts.autoRegister) {
        const root = await db.selectFrom('dept').select('id').where('kind', '=', 'platform').orderBy('id').executeTakeFirstOrThrow();
        await db
          .insertInto('device')
          .values({ device_number: number, kind: 1, model: model.slice(0, 30) || 'unknown', iccid: '', dept_id: root.id, car_id: null, install_time: null, auth_code: null, created_at: now() })
          .onConflict((oc) => oc.column('device_number').doNothing())
          .execute();
        terminal = await find(number);
      }
      if (!terminal) return null;
      const code = crypto.randomBytes(8).toString('hex');
      await db.updateTable('device').set({ auth_code: code }).where('id', '=', terminal.id).execute();
      return code;
    },
  };
}

export type TerminalDirectory = ReturnType<typeof createTerminalDirectory>;
