// The end-to-end runner: builds the app, starts the real server on a fresh database, and drives
// Debian's Chromium through playwright-core over every spec in e2e/specs, saving screenshots.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureBuilt, root } from '../scripts/build.mjs';
import { watchPolicyViolations } from './helpers.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shotsDir = path.join(root, 'e2e/screenshots');
const reportFile = process.env.REPORT_FILE ?? process.env.E2E_REPORT;
const writeReport = (passed, failed, failures = []) => {
  if (reportFile) fs.writeFileSync(reportFile, JSON.stringify({ passed, failed, failures }));
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

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-e2e-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: path.join(root, 'apps/web/dist'), LOG_LEVEL: 'warn', DATABASE_URL: '', JT808_PORT: '0',
      // An installed order's silent device makes it abnormal within seconds, not a day: the dispatch spec waits for it.
      ORDER_SILENT_HOURS: '0.004', ORDER_SWEEP_SECONDS: '2' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Ready once the JT/T 808 gateway listens too (its line follows the console's): specs drive it with virtual terminals.
  const jt808Port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 120 s')), 120_000);
    let out = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(`  [server] ${chunk}`);
      out += String(chunk);
      const gateway = /JT\/T 808 gateway: [\d.]+:(\d+)/.exec(out);
      if (out.includes('cvrisk console:') && gateway) {
        clearTimeout(timer);
        resolve(Number(gateway[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    jt808Port,
    dataDir,
    // The data directory goes only once the server has exited: removing it while the server still
    // writes (its simulator state, the database's journal) failed the run after every test had passed.
    stop: async () => {
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

ensureBuilt();
// Arguments pick specs by part of their file name: `node e2e/run.mjs 01-session 06-track`.
const only = process.argv.slice(2);
// A full run keeps only its own screenshots; a run of some specs keeps the others' pictures but never
// a stale FAILED one, which would mislead.
if (!only.length) fs.rmSync(shotsDir, { recursive: true, force: true });
fs.mkdirSync(shotsDir, { recursive: true });
for (const f of fs.readdirSync(shotsDir)) if (f.startsWith('FAILED-')) fs.rmSync(path.join(shotsDir, f));
const server = await startServer();
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let passed = 0;
let failed = 0;
const flaky = [];
const failures = [];
// One attempt of one test in its own browser context; answers the error, or nothing when it passed.
async function attempt(test, attemptNo) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', acceptDownloads: true });
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

const specFiles = fs.readdirSync(path.join(root, 'e2e/specs')).filter((f) => f.endsWith('.spec.mjs') && (!only.length || only.some((o) => f.includes(o)))).sort();
const describe = (err) => String(err?.stack ?? err).split('\n').slice(0, 6).join('\n    ');
try {
  for (const file of specFiles) {
    const { tests } = await import(path.join(root, 'e2e/specs', file));
    for (const test of tests) {
      const label = `${file} › ${test.name}`;
      // A browser on a loaded two-core machine now and then loses a race the product does not have; one
      // more try in a fresh context tells that apart from a defect, and a pass on the second try is
      // reported as FLAKY so it is fixed rather than forgotten (docs/decisions.md).
      const first = await attempt(test, 1);
      const second = first && (await attempt(test, 2));
      if (first && second) {
        failed += 1;
        failures.push(`${label} — ${String(second?.message ?? second).split('\n')[0].slice(0, 300)}`);
        console.log(`  ✗ ${label}\n    ${describe(second)}\n    first try: ${describe(first)}`);
      } else {
        passed += 1;
        if (first) flaky.push(label);
        console.log(`  ${first ? '⚠ FLAKY (passed on the second try)' : '✓'} ${label}${first ? `\n    first try: ${describe(first)}` : ''}`);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
if (flaky.length) console.log(`\n${'!'.repeat(72)}\ne2e: ${flaky.length} FLAKY — passed only on the second try:\n  ${flaky.join('\n  ')}\n${'!'.repeat(72)}`);
writeReport(passed, failed, failures);
process.exit(failed > 0 ? 1 : 0);
