import path from 'node:path';
import type { Db } from '../db/database.js';
import { hashAuthCode, newAuthCode } from '../telemetry/gateway/auth-code.js';
import { AUTH_CODES_FILE, authCodeFile } from '../telemetry/simulator/auth-codes.js';

const CHUNK = 200;

/**
 * Every fitted demo device registered as its installer would have left it: its terminal holds its own
 * auth code, kept where the simulator keeps its terminals' codes (DATA_DIR), and no window stays open
 * for anyone else to claim the number. Devices in stock keep the window their import opened, as a
 * real purchase does. Only devices without a code are registered, so calling it again changes
 * nothing. Answers how many were registered.
 */
export async function registerFittedDemoDevices(db: Db, dataDir: string, now: number): Promise<number> {
  const rows = await db.selectFrom('device').select(['id', 'device_number', 'install_time'])
    .where('car_id', 'is not', null).where('auth_code_hash', 'is', null).where('retired_at', 'is', null)
    .orderBy('id').execute();
  if (rows.length === 0) return 0;
  // The codes are on disk before any device takes one: stopped half-way, a device may have a code
  // it does not need (it is still in its window), never a registration nobody can prove.
  const codes = authCodeFile(path.join(dataDir, AUTH_CODES_FILE));
  const issued = rows.map((r) => ({ ...r, code: newAuthCode() }));
  for (const r of issued) codes.set(r.device_number, r.code);
  codes.flush();
  for (let i = 0; i < issued.length; i += CHUNK) {
    await db.transaction().execute(async (trx) => {
      for (const r of issued.slice(i, i + CHUNK)) {
        await trx.updateTable('device')
          .set({ auth_code_hash: hashAuthCode(r.code), registered_at: r.install_time ?? now, register_open_until: null, register_opened_for: null })
          .where('id', '=', r.id).execute();
      }
    });
  }
  return rows.length;
}
