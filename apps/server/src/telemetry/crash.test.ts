import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.js';
import { derivedRows } from '../test/derived-snapshot.js';
import { replayDevice } from './derive/replay.js';
import { AUTH_CODES_FILE } from './simulator/auth-codes.js';
import { signIn } from './simulator/device-link.js';
import { locationFix, VirtualTerminal } from './simulator/virtual-terminal.js';

/**
 * The promise of the pipeline: what a terminal was told is stored survives the process being killed
 * mid-stream, and the derived rows (written once a minute from memory) end equal to a rebuild from
 * those positions. A real server process is killed with SIGKILL while terminals stream, then restarted.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-crash-'));
const children: ChildProcess[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function startServer(jt808Port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=cvrisk-source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), JT808_PORT: String(jt808Port), LOG_LEVEL: 'silent', DATABASE_URL: '', DEMO_HISTORY_DAYS: '0', SIMULATOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (c) => {
      out += String(c);
      if (out.includes('JT/T 808 gateway:')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (c) => (out += String(c)));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return child;
}

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash while terminals stream', () => {
  it('loses no acknowledged position, and the derived rows end equal to a rebuild', async () => {
    const jt808Port = await freePort();
    const server = await startServer(jt808Port);
    const probe = openDatabase({ sqliteFile: path.join(dataDir, 'cvrisk.db') });
    const numbers = (await probe.db.selectFrom('device').select('device_number').where('kind', '=', 1).orderBy('id').limit(20).execute()).map((d) => d.device_number);
    await probe.close();

    // The demo's first start registered its fitted terminals and kept their codes where the simulator
    // keeps its own: these terminals sign in with them, as the demo fleet does.
    const codes = new Map(Object.entries(JSON.parse(fs.readFileSync(path.join(dataDir, AUTH_CODES_FILE), 'utf8')) as Record<string, string>));
    const acked = new Map<string, number[]>();
    let killed = false;
    let failed: unknown = null;
    const T0 = Date.UTC(2026, 10, 21, 0, 0, 0);
    const streams = numbers.map(async (number, n) => {
      const vt = new VirtualTerminal({ host: '127.0.0.1', port: jt808Port, deviceNumber: number, version: 2013, model: 'GT06N', replyTimeoutMs: 5000 });
      await vt.connect();
      await signIn(vt, codes);
      const mine: number[] = [];
      acked.set(number, mine);
      for (let i = 0; !killed; i++) {
        const time = T0 + i * 10_000;
        try {
          if ((await vt.report(locationFix({ time, lng: 120 + n * 0.01, lat: 30 + i * 0.0001, speed: 30, direction: 0, acc: true }))) === 0) mine.push(time);
        } catch {
          break; // the server died before answering: not acknowledged
        }
      }
      vt.close();
    }).map((p) => p.catch((err: unknown) => {
      failed ??= err;
    }));
    // Let them stream until a good number of positions were acknowledged, then kill without warning.
    // A terminal that could not sign in fails the test now, not at its timeout.
    while (!failed && [...acked.values()].reduce((n, a) => n + a.length, 0) < 2000) await new Promise((r) => setTimeout(r, 20));
    if (failed) {
      killed = true;
      throw failed;
    }
    server.kill('SIGKILL');
    killed = true;
    await Promise.all(streams);

    // The kill left derived rows unwritten: the devices' marks are behind their stored positions.
    const marks = async (db: Db) => db.selectFrom('device as d').innerJoin('position as p', 'p.device_id', 'd.id')
      .leftJoin('device_track_state as ts', 'ts.device_id', 'd.id')
      .select((eb) => ['d.id', 'ts.derived_to', eb.fn.max('p.gps_time').as('newest')])
      .where('d.device_number', 'in', numbers).groupBy(['d.id', 'ts.derived_to']).execute();
    const killedAt = openDatabase({ sqliteFile: path.join(dataDir, 'cvrisk.db') });
    expect((await marks(killedAt.db)).filter((m) => m.derived_to !== m.newest).length).toBeGreaterThan(0);
    await killedAt.close();

    // Restarting recovers the database, serves again, and derives what the kill left (written at once here).
    await startServer(jt808Port, { DERIVE_FLUSH_SECONDS: '0' });
    const after = openDatabase({ sqliteFile: path.join(dataDir, 'cvrisk.db') });
    let total = 0;
    for (const [number, times] of acked) {
      total += times.length;
      const rows = await after.db
        .selectFrom('position as p')
        .innerJoin('device as d', 'd.id', 'p.device_id')
        .select('p.gps_time')
        .where('d.device_number', '=', number)
        .execute();
      const stored = new Set(rows.map((r) => r.gps_time));
      expect(times.filter((t) => !stored.has(t))).toEqual([]);
    }
    expect(total).toBeGreaterThanOrEqual(2000);

    await expect.poll(async () => (await marks(after.db)).filter((m) => m.derived_to !== m.newest).length, { timeout: 30_000 }).toBe(0);
    const ids = (await marks(after.db)).map((m) => m.id);
    const written = await Promise.all(ids.map((id) => derivedRows(after.db, id)));
    expect(written.every((w) => w.daily.length > 0)).toBe(true);
    for (const id of ids) await replayDevice(after.db, id, null);
    expect(await Promise.all(ids.map((id) => derivedRows(after.db, id)))).toEqual(written);
    await after.close();
  }, 120_000);
});
