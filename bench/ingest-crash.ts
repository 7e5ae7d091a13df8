// bench:ingest's crash section: single-fix terminals at a steady rate, the server killed with SIGKILL
// halfway through, started again on the same database. Every acknowledged fix must be stored, and the
// derived rows (written from memory once a minute, so the kill lost up to a minute of them) must end
// equal to a rebuild from the positions.
import path from 'node:path';
import { openDatabase, type Db } from '../apps/server/src/db/database.js';
import { replayDevice } from '../apps/server/src/telemetry/derive/replay.js';
import { derivedRows } from '../apps/server/src/test/derived-snapshot.js';
import { addBenchDevices, BENCH_AUTH } from './bench-devices.js';
import { fmt, progress, startServer } from './lib.js';
import { connectTerminals, prepareFixes, steady } from './single-fix-load.js';

export type CrashResult = {
  acknowledged: number;
  /** Acknowledged fixes not found after the restart: must be 0. */
  missing: number;
  /** Devices whose derived rows were behind their positions when the process died. */
  behindAtKill: number;
  /** From starting the process again to its gateway listening. */
  startSeconds: number;
  /** From starting the process again to every device's derived rows caught up. */
  recoverySeconds: number;
  devices: number;
  /** Devices whose derived rows differ from a rebuild from their positions: must be 0. */
  differing: number;
};

/** Per bench device: its mark and its newest stored fix. */
const marks = (db: Db, numbers: string[]) => db.selectFrom('device as d').innerJoin('position as p', 'p.device_id', 'd.id')
  .leftJoin('device_track_state as ts', 'ts.device_id', 'd.id')
  .select((eb) => ['d.id', 'd.device_number', 'ts.derived_to', eb.fn.max('p.gps_time').as('newest')])
  .where('d.device_number', 'in', numbers).groupBy(['d.id', 'd.device_number', 'ts.derived_to']).execute();

export async function crashRun(terminalCount: number, rate: number, windowS: number): Promise<CrashResult> {
  const server = await startServer();
  const file = path.join(server.dataDir, 'cvrisk.db');
  const probe = openDatabase({ sqliteFile: file });
  const numbers = Array.from({ length: terminalCount }, (_, i) => String(170000000000 + i));
  await addBenchDevices(probe, numbers);
  const terminals = await connectTerminals(server.jt808Port, numbers, BENCH_AUTH, (n) => progress('terminals connected', n, numbers.length));
  prepareFixes(terminals, Math.round((rate * windowS) / terminals.length));
  const kill = setTimeout(() => server.child.kill('SIGKILL'), (windowS * 1000) / 2);
  await steady(terminals, rate, 10_000, (ok, planned) => progress('steady until killed: acknowledged', ok, planned));
  clearTimeout(kill);
  process.stdout.write('\n');
  await new Promise((resolve) => (server.child.exitCode !== null || server.child.signalCode !== null ? resolve(null) : server.child.once('exit', resolve)));
  const behindAtKill = (await marks(probe.db, numbers)).filter((m) => m.derived_to !== m.newest).length;

  // Started again: derives what the kill left, written at once so the wait is the derivation's alone.
  const restarted = Date.now();
  const again = await startServer({ DERIVE_FLUSH_SECONDS: '0' }, server.dataDir);
  const startSeconds = (Date.now() - restarted) / 1000;
  let recoverySeconds = Number.NaN;
  for (let waited = 0; waited < 120_000; waited += 100) {
    if ((await marks(probe.db, numbers)).every((m) => m.derived_to === m.newest)) {
      recoverySeconds = (Date.now() - restarted) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  let acknowledged = 0, missing = 0;
  const ids = new Map((await marks(probe.db, numbers)).map((m) => [m.device_number, m.id]));
  for (const t of terminals) {
    const acked = t.acknowledged();
    acknowledged += acked.length;
    const id = ids.get(String(Number(t.phone)));
    const stored = new Set(id === undefined ? [] : (await probe.db.selectFrom('position').select('gps_time').where('device_id', '=', id).execute()).map((p) => p.gps_time));
    missing += acked.filter((time) => !stored.has(time)).length;
    t.socket.destroy();
  }
  let differing = 0;
  let checked = 0;
  for (const id of ids.values()) {
    const written = JSON.stringify(await derivedRows(probe.db, id));
    await replayDevice(probe.db, id, null);
    if (JSON.stringify(await derivedRows(probe.db, id)) !== written) differing += 1;
    progress('devices compared with a rebuild', ++checked, ids.size);
  }
  await probe.close();
  await again.stop();
  return { acknowledged, missing, behindAtKill, startSeconds, recoverySeconds, devices: ids.size, differing };
}

export function printCrash(r: CrashResult): void {
  console.log(`   acknowledged before the kill: ${fmt(r.acknowledged)}; missing after the restart: ${fmt(r.missing)}   (target: 0)`);
  console.log(`   devices whose derived rows were behind their positions at the kill: ${fmt(r.behindAtKill)} of ${fmt(r.devices)}; ` +
    `started again: listening after ${r.startSeconds.toFixed(1)} s, all derived after ${r.recoverySeconds.toFixed(1)} s`);
  console.log(`   devices whose derived rows differ from a rebuild: ${fmt(r.differing)} of ${fmt(r.devices)}   (target: 0)\n`);
}
