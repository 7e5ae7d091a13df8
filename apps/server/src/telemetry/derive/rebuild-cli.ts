import { parseArgs } from 'node:util';
import { DeviceKind, dayKey, parseTime } from '@cvrisk/contracts';
import { loadConfig } from '../../config.js';
import { migrateToLatest, openDatabase } from '../../db/database.js';
import { replayDevice } from './replay.js';

const USAGE = `npm run rebuild:derived -- [options]
  --device N     only this device number (repeatable; default: every wired device)
  --from DAY     only from this day on (YYYY-MM-DD; default: from each device's first fix)
Recomputes stops, trips, driving events and daily figures from the stored positions, with the same
code the live pipeline runs. Stop the server first: it keeps each device's state in memory.
The database is the server's: DATA_DIR or DATABASE_URL, as for npm start.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { device: { type: 'string', multiple: true }, from: { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  if (values.help) return console.log(USAGE);
  const fromMs = values.from ? parseTime(`${values.from} 00:00:00`) : null;
  if (values.from && fromMs === null) throw new Error(`--from 应为 YYYY-MM-DD，收到 ${values.from}`);
  const fromDay = fromMs === null ? null : dayKey(fromMs);

  const handle = openDatabase(loadConfig());
  try {
    await migrateToLatest(handle.db);
    let q = handle.db.selectFrom('device').select(['id', 'device_number']).where('kind', '=', DeviceKind.wired).orderBy('id');
    if (values.device?.length) q = q.where('device_number', 'in', values.device);
    const devices = await q.execute();
    const unknown = (values.device ?? []).filter((n) => !devices.some((d) => d.device_number === n));
    if (unknown.length) throw new Error(`不是有线设备或不存在：${unknown.join('、')}`);
    const started = Date.now();
    for (const [i, d] of devices.entries()) {
      await replayDevice(handle.db, d.id, fromDay);
      await handle.db.deleteFrom('derive_pending').where('device_id', '=', d.id).execute();
      if ((i + 1) % 20 === 0 || i + 1 === devices.length) {
        const pct = Math.round(((i + 1) / devices.length) * 100);
        console.log(`rebuilt ${i + 1}/${devices.length} devices (${pct} %), ${((Date.now() - started) / 1000).toFixed(1)} s — last ${d.device_number}`);
      }
    }
    if (devices.length === 0) console.log('no wired device to rebuild');
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error('rebuild failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
