import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { hashAuthCode } from '../apps/server/src/telemetry/gateway/auth-code.js';

/** The code every bench terminal authenticates with. */
export const BENCH_AUTH = 'bench-auth';

/** Wired stock devices of the first dealer, one per number, registered with BENCH_AUTH. */
export async function addBenchDevices(probe: DatabaseHandle, numbers: string[]): Promise<void> {
  const dealer = (await probe.db.selectFrom('dept').select('id').where('kind', '=', 'dealer').orderBy('id').executeTakeFirstOrThrow()).id;
  const hash = hashAuthCode(BENCH_AUTH);
  for (let i = 0; i < numbers.length; i += 500) {
    await probe.db.insertInto('device').values(numbers.slice(i, i + 500).map((n) => ({
      device_number: n, kind: 1, model: 'GT06N', iccid: '', dept_id: dealer, car_id: null, install_time: null,
      auth_code_hash: hash, registered_at: Date.now(), created_at: Date.now(),
    }))).execute();
  }
}
