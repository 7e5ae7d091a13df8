// The pre-authentication flood of the security review, replayed against the real server: 1,000
// connections each sending 300 sub-packages of a 0x0704 that never completes, without authenticating.
// Baseline, in the same run: the demo's terminals signing in (with the codes the first start gave
// the fitted ones; those in stock register), each holding its connection — what honest terminals
// cost. Prints the server's peak RSS growth per connection under the attack against the baseline's,
// and an authenticated terminal's heartbeat round trip during the attack against before it.
import net from 'node:net';
import { ensureBuilt } from '../scripts/build.mjs';
import { openDatabase } from '../apps/server/src/db/database.js';
import { packFrames } from '../apps/server/src/telemetry/jt808/frame-writer.js';
import { FrameSplitter, MessageId } from '../apps/server/src/telemetry/jt808/index.js';
import { signIn } from '../apps/server/src/telemetry/simulator/device-link.js';
import { VirtualTerminal } from '../apps/server/src/telemetry/simulator/virtual-terminal.js';
import { demoAuthCodes, fmt, progress, quantile, rssBytes, startServer } from './lib.js';
import path from 'node:path';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1000);
const FRAGMENTS = Number(process.env.BENCH_FRAGMENTS ?? 300);
const MB = 1024 * 1024;

/** All parts but the last of a long 0x0704: a message that never completes. */
function withheldFragments(phone: string): Buffer {
  const encoded = packFrames({ version: 2013, phone, serial: 1, protocolVersion: 1 }, MessageId.locationBatch, Buffer.alloc((FRAGMENTS + 1) * 1000, 1), 1000);
  return Buffer.concat(new FrameSplitter().push(encoded.bytes).slice(0, -1));
}

async function open(port: number, label: string): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  for (let i = 0; i < CONNECTIONS; i += 100) {
    const part = await Promise.all(
      Array.from({ length: Math.min(100, CONNECTIONS - i) }, () => new Promise<net.Socket>((resolve, reject) => {
        const s = net.connect({ host: '127.0.0.1', port }, () => resolve(s));
        s.once('error', reject);
      })),
    );
    for (const s of part) s.on('error', () => {});
    sockets.push(...part);
    progress(label, sockets.length, CONNECTIONS);
  }
  return sockets;
}

/** Samples the server's RSS every 50 ms while `work` runs; answers the peak. */
async function peakRss(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = rssBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 50);
  await work();
  await new Promise((r) => setTimeout(r, 2000));
  clearInterval(timer);
  return Math.max(peak, rssBytes(pid));
}

async function heartbeats(vt: VirtualTerminal, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    if ((await vt.heartbeat()) !== 0) throw new Error('heartbeat refused');
    times.push(performance.now() - t0);
  }
  return quantile(times.sort((a, b) => a - b), 0.5);
}

async function main(): Promise<void> {
  ensureBuilt();
  const server = await startServer();
  const pid = server.child.pid!;
  const probe = openDatabase({ sqliteFile: path.join(server.dataDir, 'cvrisk.db') });
  const numbers = (await probe.db.selectFrom('device').select('device_number').orderBy('id').limit(CONNECTIONS + 1).execute()).map((d) => d.device_number);
  await probe.close();
  const codes = demoAuthCodes(server.dataDir);
  const [number, ...honestNumbers] = numbers as [string, ...string[]];
  const legit = new VirtualTerminal({ host: '127.0.0.1', port: server.jt808Port, deviceNumber: number, version: 2013, model: 'GT06N' });
  await legit.connect();
  await signIn(legit, codes);
  const quietHeartbeat = await heartbeats(legit, 50);

  const before = rssBytes(pid);
  const honestPeak = await peakRss(pid, async () => {
    const honest: VirtualTerminal[] = [];
    for (let i = 0; i < honestNumbers.length; i += 100) {
      honest.push(...(await Promise.all(honestNumbers.slice(i, i + 100).map(async (n) => {
        const vt = new VirtualTerminal({ host: '127.0.0.1', port: server.jt808Port, deviceNumber: n, version: n.length > 12 ? 2019 : 2013, model: 'GT06N' });
        await vt.connect();
        await signIn(vt, codes);
        return vt;
      }))));
      progress('honest terminals', honest.length, honestNumbers.length);
    }
    await new Promise((r) => setTimeout(r, 1000));
    for (const vt of honest) vt.close();
  });
  const honestPerConnection = (honestPeak - before) / honestNumbers.length;

  const fragments = withheldFragments(number.padStart(12, '0'));
  const beforeAttack = rssBytes(pid);
  let attackHeartbeat = 0;
  const attackPeak = await peakRss(pid, async () => {
    const attackers = await open(server.jt808Port, 'attacking connections');
    const closed = attackers.map((s) => new Promise((r) => s.once('close', r)));
    for (const s of attackers) s.write(fragments);
    attackHeartbeat = await heartbeats(legit, 50);
    await Promise.race([Promise.all(closed), new Promise((r) => setTimeout(r, 60_000))]);
    for (const s of attackers) s.destroy();
  });
  const attackGrowth = attackPeak - beforeAttack;
  const after = rssBytes(pid);
  legit.close();
  await server.stop();

  const sent = (fragments.length * CONNECTIONS) / MB;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\nPre-authentication flood: ${fmt(CONNECTIONS)} connections × ${FRAGMENTS} sub-packages (${fmt(sent)} MB sent)`);
  console.log(`  baseline: ${fmt(honestNumbers.length)} honest terminals authenticated: peak RSS ${kb(honestPerConnection)} per connection`);
  console.log(`  attack: peak RSS +${(attackGrowth / MB).toFixed(1)} MB, ${kb(attackGrowth / CONNECTIONS)} per connection = ${(attackGrowth / CONNECTIONS / honestPerConnection).toFixed(2)}× an honest terminal's; ${((after - before) / MB).toFixed(1)} MB above the start once it is over`);
  console.log(`  an authenticated terminal's heartbeat p50: ${quietHeartbeat.toFixed(2)} ms before, ${attackHeartbeat.toFixed(2)} ms during (${(attackHeartbeat / quietHeartbeat).toFixed(2)}×)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
