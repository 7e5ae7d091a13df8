// The end-to-end runner: builds the app, makes the demo dataset once, and runs the specs of e2e/specs
// in parallel workers, each with its own server on its own copy of that data and its own Chromium,
// driven through playwright-core and saving screenshots. A worker takes the next spec file from one
// queue and runs its tests in order: a spec's tests may build on each other, specs may not.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureBuilt, root } from '../scripts/build.mjs';
import { watchPolicyViolations } from './helpers.mjs';
import { prepareDataDirs, startServer } from './server.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shotsDir = path.join(root, 'e2e/screenshots');
const reportFile = process.env.REPORT_FILE ?? process.env.E2E_REPORT;
const writeReport = (passed, failed, failures = [], slowest = [], flaky = []) => {
  if (reportFile) fs.writeFileSync(reportFile, JSON.stringify({ passed, failed, failures, slowest, flaky }));
  console.log(`e2e: ${passed} passed, ${failed} failed`);
};

if (!fs.existsSync(chromiumPath)) {
  const msg = `e2e: NO CHROMIUM at ${chromiumPath} — install it with 'apt-get install -y chromium fonts-noto-cjk'.`;
  if (process.env.CI === 'true') {
    console.error(`${msg} CI requires the browser suite: failing.`);
    writeReport(0, 1);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(72)}\n${msg}\nTHE BROWSER TESTS WERE SKIPPED.\n${'!'.repeat(72)}\n`);
  writeReport(0, 0);
  process.exit(0);
}

const started = Date.now();
ensureBuilt();
// Arguments pick specs by part of their file name: `node e2e/run.mjs 01-session 06-track`.
const only = process.argv.slice(2);
// A full run keeps only its own screenshots; a run of some specs keeps the others' pictures but never
// a stale FAILED one, which would mislead.
if (!only.length) fs.rmSync(shotsDir, { recursive: true, force: true });
fs.mkdirSync(shotsDir, { recursive: true });
for (const f of fs.readdirSync(shotsDir)) if (f.startsWith('FAILED-')) fs.rmSync(path.join(shotsDir, f));

const specFiles = fs.readdirSync(path.join(root, 'e2e/specs')).filter((f) => f.endsWith('.spec.mjs') && (!only.length || only.some((o) => f.includes(o)))).sort();
// A Chromium and a server per worker; three keep two cores busy, since a browser test mostly waits
// on the page, the server or a timer (docs/decisions.md, "Test time").
const count = (n) => `${n} test${n > 1 ? 's' : ''}`;
const queue = [];
for (const file of specFiles) {
  const { tests, independent } = await import(path.join(root, 'e2e/specs', file));
  if (independent) for (const test of tests) queue.push({ file, tests: [test], name: `${file} › ${test.name}` });
  else queue.push({ file, tests, name: `${file} (${count(tests.length)})` });
}
const workerCount = Math.max(1, Math.min(Number(process.env.E2E_WORKERS ?? 3), queue.length));

let passed = 0;
let failed = 0;
const flaky = [];
const failures = [];
const unitTimes = [];
const describe = (err) => String(err?.stack ?? err).split('\n').slice(0, 6).join('\n    ');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * One attempt of one test in its own browser context; answers the error, or nothing when it passed. A
 * test may add options of its own to the context (`contextOptions: { bypassCSP: true }`: what the page
 * itself does with hostile text, without the policy catching it).
 */
async function attempt(browser, server, test, attemptNo) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', acceptDownloads: true, ...test.contextOptions });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const policyViolations = await watchPolicyViolations(context, page);
  const shot = (name) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: false });
  try {
    await test.run({ page, context, baseUrl: server.baseUrl, jt808Port: server.jt808Port, dataDir: server.dataDir, shot, policyViolations });
    if (errors.length) throw new Error(`uncaught page errors: ${errors.join(' | ')}`);
    if (policyViolations.length) throw new Error(`Content-Security-Policy violations: ${policyViolations.join(' | ')}`);
    return undefined;
  } catch (err) {
    await page.screenshot({ path: path.join(shotsDir, `FAILED-${attemptNo}-${test.name.replace(/\W+/g, '_')}.png`) }).catch(() => {});
    return err;
  } finally {
    await context.close();
  }
}

/**
 * Runs one unit of the queue on this worker's server and browser: a spec file's tests in order, or one
 * test of a spec that declares its tests `independent` (each signs in afresh and changes nothing the
 * others read), so a long spec of such tests spreads over the workers.
 */
async function runUnit(worker, unit) {
  const unitStarted = Date.now();
  for (const test of unit.tests) {
    const label = `${unit.file} › ${test.name}`;
    const testStarted = Date.now();
    // A browser on a loaded two-core machine now and then loses a race the product does not have; one
    // more try in a fresh context tells that apart from a defect, and a pass on the second try is
    // reported as FLAKY so it is fixed rather than forgotten (docs/decisions.md).
    const first = await attempt(worker.browser, worker.server, test, 1);
    const second = first && (await attempt(worker.browser, worker.server, test, 2));
    const took = `(${seconds(Date.now() - testStarted)}, ${worker.name})`;
    if (first && second) {
      failed += 1;
      failures.push(`${label} — ${String(second?.message ?? second).split('\n')[0].slice(0, 300)}`);
      console.log(`  ✗ ${label} ${took}\n    ${describe(second)}\n    first try: ${describe(first)}`);
    } else {
      passed += 1;
      if (first) flaky.push(label);
      console.log(`  ${first ? '⚠ FLAKY (passed on the second try)' : '✓'} ${label} ${took}${first ? `\n    first try: ${describe(first)}` : ''}`);
    }
  }
  unitTimes.push({ name: unit.name, ms: Date.now() - unitStarted, worker: worker.name });
}

async function startWorker(i, dataDir) {
  const name = `w${i + 1}`;
  const server = await startServer(dataDir, name);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return { name, server, browser };
}

const dataDirs = await prepareDataDirs(workerCount);
const workers = await Promise.all(dataDirs.map((dir, i) => startWorker(i, dir)));
console.log(`e2e: ${specFiles.length} spec files (${queue.length} units of work) on ${workerCount} worker${workerCount > 1 ? 's' : ''}, ready after ${seconds(Date.now() - started)}`);
try {
  await Promise.all(
    workers.map(async (worker) => {
      for (let unit = queue.shift(); unit; unit = queue.shift()) await runUnit(worker, unit);
    }),
  );
} finally {
  await Promise.all(workers.map(async ({ browser, server }) => {
    await browser.close();
    await server.stop();
  }));
}

const slowest = unitTimes.sort((a, b) => b.ms - a.ms).slice(0, 15);
console.log(`\ne2e: the slowest ${slowest.length} specs (wall ${seconds(Date.now() - started)} on ${workerCount} workers):`);
for (const s of slowest) console.log(`  ${seconds(s.ms).padStart(8)}  ${s.name} (${s.worker})`);
if (flaky.length) console.log(`\n${'!'.repeat(72)}\ne2e: ${flaky.length} FLAKY — passed only on the second try:\n  ${flaky.join('\n  ')}\n${'!'.repeat(72)}`);
writeReport(passed, failed, failures, slowest.map(({ name, ms }) => ({ name, ms })), flaky);
process.exit(failed > 0 ? 1 : 0);
