// npm run bench:web — the monitoring map in headless Chromium: first render and frame times while
// panning and zooming with 50,000 devices (and live updates), next to an empty map measured in the same
// run, and a 100,000-fix track loaded and drawn. Builds apps/web/bench.html into a temporary directory
// (the console's own build never contains it). Results: docs/benchmarks.md.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { root } from './lib.js';

type FrameStats = { frames: number; p50: number; p95: number; max: number; over50: number; longTasks: number[] };
type Result = { scenario: string; firstRenderMs: number; frames: FrameStats; note?: string };

const TARGETS = { firstRenderMs: 1500, frameMs: 50, trackMs: 1000 };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of the end-to-end runner (e2e/run.mjs).
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };

async function buildBenchPage(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-bench-web-'));
  await build({
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, rollupOptions: { input: path.join(root, 'apps/web/bench.html') } },
  });
  return outDir;
}

function serve(dir: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    }),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** The median run of a scenario (by first render); frame figures are the worst of the runs. */
function summarise(runs: Result[]): Result {
  const first = median(runs.map((r) => r.firstRenderMs));
  const worst = (k: 'p95' | 'max' | 'over50') => Math.max(...runs.map((r) => r.frames[k]));
  return {
    scenario: runs[0]!.scenario,
    note: runs[0]!.note,
    firstRenderMs: first,
    frames: {
      frames: median(runs.map((r) => r.frames.frames)),
      p50: median(runs.map((r) => r.frames.p50)),
      p95: worst('p95'),
      max: worst('max'),
      over50: worst('over50'),
      longTasks: runs.reduce<number[]>((most, r) => (r.frames.longTasks.length > most.length ? r.frames.longTasks : most), []),
    },
  };
}

const outDir = await buildBenchPage();
const site = await serve(outDir);
const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
const results: Record<string, Result> = {};
try {
  for (const scenario of ['empty', 'devices', 'track']) {
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      await page.goto(`${site.url}/bench.html#${scenario}`);
      await page.waitForFunction(() => {
        const w = window as unknown as { benchResult?: unknown; benchError?: string };
        return w.benchResult !== undefined || w.benchError !== undefined;
      }, undefined, { timeout: 120_000 });
      const { benchResult, benchError } = await page.evaluate(() => {
        const w = window as unknown as { benchResult?: Result; benchError?: string };
        return { benchResult: w.benchResult, benchError: w.benchError };
      });
      await page.close();
      if (!benchResult) throw new Error(`${scenario}: ${benchError}`);
      runs.push(benchResult);
    }
    results[scenario] = summarise(runs);
  }
} finally {
  await browser.close();
  site.close();
  fs.rmSync(outDir, { recursive: true, force: true });
}

const { empty, devices, track } = results as Record<'empty' | 'devices' | 'track', Result>;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
console.log(`\nmap benchmark, headless Chromium 1366×768, ${RUNS} runs each (median first render, worst frames)\n`);
console.log('scenario   first render   frames  p50     p95     max     >50 ms');
for (const r of [empty, devices, track]) {
  const f = r.frames;
  console.log(`${r.scenario.padEnd(10)} ${ms(r.firstRenderMs).padStart(12)}   ${String(f.frames).padStart(6)}  ${ms(f.p50).padEnd(7)} ${ms(f.p95).padEnd(7)} ${ms(f.max).padEnd(7)} ${f.over50}`);
}
console.log(`\n${devices.note}; ${track.note}`);
console.log(`devices ÷ empty, first render: ${(devices.firstRenderMs / empty.firstRenderMs).toFixed(2)}×; frame p95: ${(devices.frames.p95 / empty.frames.p95).toFixed(2)}×`);
// Frames: the 95th percentile against the budget. The single worst frame is printed too, but on a shared
// machine without a GPU it is set by the browser's software compositing (the empty map has them as well).
console.log(`targets: devices first render ${ms(devices.firstRenderMs)} < ${ms(TARGETS.firstRenderMs)} ${verdict(devices.firstRenderMs < TARGETS.firstRenderMs)}; ` +
  `devices frame p95 ${ms(devices.frames.p95)} < ${ms(TARGETS.frameMs)} ${verdict(devices.frames.p95 < TARGETS.frameMs)}; ` +
  `track load and draw ${ms(track.firstRenderMs)} < ${ms(TARGETS.trackMs)} ${verdict(track.firstRenderMs < TARGETS.trackMs)}`);
console.log(`long main-thread tasks (> 50 ms) during the gestures: empty ${empty.frames.longTasks.length}, devices ${devices.frames.longTasks.length}, track ${track.frames.longTasks.length}`);
