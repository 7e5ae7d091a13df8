// npm run bench:signin — from the click on 登录 to the home's figures on screen, in headless Chromium
// with a cold cache (a new browser context per run), against the built console served by the real
// server on a fresh demo database. Printed beside the time the login page alone takes to show its
// button in the same run, as a ratio, with the login page's JavaScript (gzip) and when the chart code
// arrived. Results: docs/benchmarks.md.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { ensureBuilt } from '../scripts/build.mjs';
import { DEMO_PASSWORD } from '../apps/server/src/demo/seed-demo.js';
import { root, startServer } from './lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const USERS = (process.env.BENCH_USERS ?? 'admin,installer1').split(',');
const TARGETS = { signinMs: 1000, loginJsKb: 250 };
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of the end-to-end runner (e2e/run.mjs).
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const VIEWPORT = { width: 1366, height: 768 };
// BENCH_WEB_DIST measures another build of the console (an earlier commit's, for a before / after).
const dist = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');

type Resource = { name: string; start: number; end: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const gzipBytes = (urlPath: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, urlPath))).length;
/** The chunk holding ECharts, whatever the build named it: the attribute it marks its charts' elements with. */
const isChartCode = (urlPath: string) => fs.readFileSync(path.join(dist, urlPath), 'utf8').includes('_echarts_instance_');

/** The login page in a cold context: time from navigation start to its 登录 button, and the JavaScript it loaded. */
async function loginAlone(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${base}/#/login`);
  const shown = await (await page.waitForFunction(() => document.querySelector('.login-form button[type=submit]') && performance.now(), undefined, { polling: 'raf' })).jsonValue();
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.endsWith('.js')));
  await context.close();
  const jsBytes = scripts.reduce((sum, url) => sum + gzipBytes(new URL(url).pathname), 0);
  return { ms: shown as number, jsBytes, scripts: scripts.length };
}

/**
 * Signs in from a freshly loaded login page (its own cold context) and times, in the page, the click
 * to the moment every figure card of the home shows its number (no skeleton left in any of them).
 */
async function signIn(browser: Browser, base: string, username: string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${base}/#/login`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.evaluate(() => {
    const w = window as unknown as { clickedAt?: number; seen: Record<string, number> };
    document.addEventListener('click', () => (w.clickedAt ??= performance.now()), { capture: true });
    // When the shell, the home and its first number appear.
    w.seen = {};
    new MutationObserver(() => {
      for (const sel of ['.shell-header', '.home', '.home .stat-card .ant-statistic-content-value']) if (!w.seen[sel] && document.querySelector(sel)) w.seen[sel] = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const handle = await page.waitForFunction(
    () => {
      const cards = [...document.querySelectorAll('.home .stat-card')];
      const done = cards.length > 0 && cards.every((c) => c.querySelector('.ant-statistic-content-value') && !c.querySelector('.ant-skeleton'));
      return done && performance.now();
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const figuresAt = (await handle.jsonValue()) as number;
  const { clickedAt, resources, cards, seen } = await page.evaluate(() => ({
    clickedAt: (window as unknown as { clickedAt: number }).clickedAt,
    seen: (window as unknown as { seen: Record<string, number> }).seen,
    resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({ name: r.name, start: r.startTime, end: r.responseEnd })),
    cards: document.querySelectorAll('.home .stat-card').length,
  }));
  // Whether the chart code was asked for before the first figure showed (the figures should not wait for it).
  const echarts = (resources as Resource[]).find((r) => r.name.endsWith('.js') && isChartCode(new URL(r.name).pathname));
  const firstFigureAt = seen['.home .stat-card .ant-statistic-content-value'] ?? figuresAt;
  await context.close();
  // BENCH_VERBOSE=1: what went out after the click and when it came back, to see where the time goes.
  if (process.env.BENCH_VERBOSE) {
    for (const r of (resources as Resource[]).filter((x) => x.end >= clickedAt).sort((a, b) => a.start - b.start)) {
      console.log(`  ${username.padEnd(12)} ${(r.start - clickedAt).toFixed(0).padStart(6)} → ${(r.end - clickedAt).toFixed(0).padStart(6)} ms  ${new URL(r.name).pathname}`);
    }
    for (const [sel, at] of Object.entries(seen)) console.log(`  ${username.padEnd(12)} first ${sel} at ${(at - clickedAt).toFixed(0)} ms`);
    console.log(`  ${username.padEnd(12)} figures at ${(figuresAt - clickedAt).toFixed(0)} ms`);
  }
  // How long after the session's answer the first of the home's own calls went out.
  const list = resources as Resource[];
  const session = list.find((r) => new URL(r.name).pathname === '/userInfo');
  const homeCall = list.filter((r) => /^\/(api\/indexMonitoring|pd\/installer\/listOrders)/.test(new URL(r.name).pathname)).sort((a, b) => a.start - b.start)[0];
  const askedAfterSession = session && homeCall ? homeCall.start - session.end : NaN;
  return { ms: figuresAt - clickedAt, cards, askedAfterSession, chartCodeFirst: echarts !== undefined && echarts.start < firstFigureAt };
}

async function main(): Promise<void> {
  ensureBuilt();
  console.log('bench:signin: starting the server on a fresh demo database…');
  const server = await startServer({ WEB_DIST: dist, DEMO_HISTORY_DAYS: process.env.DEMO_HISTORY_DAYS ?? '0' });
  const base = `http://127.0.0.1:${server.httpPort}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    // One sign-in each first: the server's own caches (prepared statements, the menu) are warm for every measured run.
    for (const user of USERS) await signIn(browser, base, user);
    const alone: Awaited<ReturnType<typeof loginAlone>>[] = [];
    const signins = new Map<string, Awaited<ReturnType<typeof signIn>>[]>(USERS.map((u) => [u, []]));
    for (let i = 0; i < RUNS; i++) {
      alone.push(await loginAlone(browser, base));
      for (const user of USERS) signins.get(user)!.push(await signIn(browser, base, user));
    }
    const loginMs = median(alone.map((r) => r.ms));
    const loginKb = alone[0]!.jsBytes / 1000;
    console.log(`\nsign-in benchmark, headless Chromium ${VIEWPORT.width}×${VIEWPORT.height}, cold cache (new context per run), ${RUNS} runs, medians\n`);
    console.log(`login page alone (navigation → 登录 button)   ${loginMs.toFixed(0).padStart(5)} ms   runs ${alone.map((r) => r.ms.toFixed(0)).join(', ')}`);
    console.log(`login page JavaScript: ${alone[0]!.scripts} files, ${loginKb.toFixed(1)} kB gzip   (target < ${TARGETS.loginJsKb} kB: ${loginKb < TARGETS.loginJsKb ? 'ok' : 'MISSED'})`);
    for (const [user, runs] of signins) {
      const ms = median(runs.map((r) => r.ms));
      const chartNote = `chart code asked for before the first figure: ${runs.map((r) => (r.chartCodeFirst ? 'yes' : 'no')).join(', ')}`;
      console.log(
        `${`click 登录 → home figures (${user}, ${runs[0]!.cards} cards)`.padEnd(46)} ${ms.toFixed(0).padStart(5)} ms   runs ${runs.map((r) => r.ms.toFixed(0)).join(', ')}` +
          `   = ${(ms / loginMs).toFixed(2)}× the login page alone; home calls out ${median(runs.map((r) => r.askedAfterSession)).toFixed(0)} ms after the session's answer; ${chartNote}   (target < ${TARGETS.signinMs} ms: ${ms < TARGETS.signinMs ? 'ok' : 'MISSED'})`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
