import path from 'node:path';
import type { Db } from '../db/database.js';
import { hashAuthCode, newAuthCode } from '../telemetry/gateway/auth-code.js';
import { AUTH_CODES_FILE, authCodeFile } from '../telemetry/simulator/auth-codes.js';

const CHUNK = 200;

/**
 * Every fitted demo device registered as its installer would have left it: its terminal holds its own
 * auth code, kept where the simulator keeps its terminals' codes (DATA_DIR), and no window stays open
 * for anyone else to claim the number. Devices in stock keep the window their import opened, as a
 * real purchase does. Answers how many were registered.
 */
export async function registerFittedDemoDevices(db: Db, dataDir: string, now: number): Promise<number> {
  const rows = await db.selectFrom('device').select(['id', 'device_number', 'install_time'])
    .where('car_id', 'is not', null).where('auth_code_hash', 'is', null).where('retired_at', 'is', null)
    .orderBy('id').execute();
  const codes = authCodeFile(path.join(dataDir, AUTH_CODES_FILE));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.transaction().execute(async (trx) => {
      for (const r of rows.slice(i, i + CHUNK)) {
        const code = newAuthCode();
        codes.set(r.device_number, code);
        await trx.updateTable('device')
          .set({ auth_code_hash: hashAuthCode(code), registered_at: r.install_time ?? now, register_open_until: null, register_opened_for: null })
          .where('id', '=', r.id).execute();
      }
    });
  }
  codes.flush();
  return rows.length;
}
