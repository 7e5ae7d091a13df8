// npm run bench:live — how soon a warning reaches the console after the report that triggers it.
// The real server (built, fresh demo database, risk engine running) takes one power-cut report per
// wired device over the ingest API; a reader holds the console's event stream open (as the top bar
// does) and notes when each device's `warning` event arrives. The baseline is the ingest call's own
// round trip in the same run: the report is stored when it answers. Results: docs/benchmarks.md.
import { LIVE_STREAM_PATH } from '@cvrisk/contracts';
import { ensureBuilt } from '../scripts/build.mjs';
import { DEMO_PASSWORD } from '../apps/server/src/demo/seed-demo.js';
import { fmt, progress, quantile, startServer } from './lib.js';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 100);
/** Pause between reports, so each is measured on its own rather than queued behind the last. */
const GAP_MS = 50;

type Timing = { ack: number; warning: number };

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p95: quantile(s, 0.95), max: s.at(-1)! };
};

async function main(): Promise<void> {
  ensureBuilt();
  console.log('bench:live: starting the server on a fresh demo database…');
  const server = await startServer();
  const base = `http://127.0.0.1:${server.httpPort}`;
  try {
    const json = (url: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.json());
    const token = (await json('/api/login', { username: 'admin', password: DEMO_PASSWORD })).data.accessToken as string;
    const apiKey = (await json('/api/integration/create', { name: 'bench:live' }, { accessToken: token })).result.apiKey as string;
    const devices = (await json('/api/device/getDevList', { pageNumber: 1, pageSize: REPORTS, deviceKind: 1 }, { accessToken: token })).result.list as { deviceNumber: string }[];

    // The stream, read as the console reads it: fetch, the token in a header, warnings only.
    const arrived = new Map<string, number>();
    const waiting = new Map<string, () => void>();
    const stream = new AbortController();
    const res = await fetch(`${base}${LIVE_STREAM_PATH}?events=warning`, { headers: { accessToken: token }, signal: stream.signal });
    const reading = (async () => {
      let buffer = '';
      for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith('event: warning\n')) continue;
          const w = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { deviceNumber: string };
          arrived.set(w.deviceNumber, performance.now());
          waiting.get(w.deviceNumber)?.();
        }
      }
    })().catch(() => {});

    const timings: Timing[] = [];
    for (const [i, d] of devices.entries()) {
      const seen = new Promise<void>((resolve, reject) => {
        waiting.set(d.deviceNumber, resolve);
        setTimeout(() => reject(new Error(`no warning for ${d.deviceNumber} within 10 s`)), 10_000);
      });
      const start = performance.now();
      const position = { deviceNumber: d.deviceNumber, gpsTime: Date.now(), lng: 120.16, lat: 30.27, speed: 0, acc: 0, fixType: 1, alarmWord: 1 << 8 };
      const stored = await json('/api/ingest/positions', { positions: [position] }, { 'x-api-key': apiKey });
      if (stored.result?.stored !== 1) throw new Error(`not stored: ${JSON.stringify(stored)}`);
      const ack = performance.now() - start;
      await seen;
      timings.push({ ack, warning: arrived.get(d.deviceNumber)! - start });
      progress('reports', i + 1, devices.length);
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    stream.abort();
    await reading;

    const ack = stats(timings.map((t) => t.ack));
    const warning = stats(timings.map((t) => t.warning));
    console.log(`\n${fmt(timings.length)} power-cut reports, one device each, ${GAP_MS} ms apart`);
    console.log(`ingest call answered (baseline)   p50 ${ack.p50.toFixed(1)} ms  p95 ${ack.p95.toFixed(1)} ms  max ${ack.max.toFixed(1)} ms`);
    console.log(
      `warning event on the stream       p50 ${warning.p50.toFixed(1)} ms  p95 ${warning.p95.toFixed(1)} ms  max ${warning.max.toFixed(1)} ms` +
        `  (${(warning.p50 / ack.p50).toFixed(2)}× the baseline at p50; target: within 1,000 ms)`,
    );
  } finally {
    await server.stop();
  }
}

await main();
