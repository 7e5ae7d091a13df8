// `npm test`: every unit and API test (Vitest: SQLite, and the server's database tests again on
// PostgreSQL when TEST_DATABASE_URL is set), then the end-to-end suite in Chromium against the built
// app. Ends with where the time went, the failing tests by name, and one plain
// "N passed, N failed" line counting all of it. `npm run test:quick` is the first part alone, on SQLite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const pgUrl = quick ? undefined : process.env.TEST_DATABASE_URL;
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;

/**
 * Runs one part and answers its counts from the report it writes to REPORT_FILE. A part that ends
 * without a report, or fails without a failing test (a crash, an error outside tests), still counts
 * as a failure.
 */
function runPart({ title, tag, cmd, args, env }) {
  const report = path.join(os.tmpdir(), `cvrisk-report-${process.pid}-${tag}.json`);
  const childEnv = { ...process.env, ...env, REPORT_FILE: report };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const partStarted = Date.now();
  console.log(`\n=== ${title} ===`);
  const code = spawnSync(cmd, args, { cwd: root, env: childEnv, stdio: 'inherit' }).status ?? 1;
  const part = { title, ms: Date.now() - partStarted, passed: 0, failed: 0, failures: [], slowest: [] };
  try {
    Object.assign(part, JSON.parse(fs.readFileSync(report, 'utf8')));
    fs.rmSync(report);
  } catch {
    part.failures.push('no report was written');
  }
  if (code !== 0 && part.failed === 0) {
    part.failed = 1;
    part.failures.push(`the runner exited with ${code} outside any test`);
  }
  console.log(`=== ${title}: ${part.passed} passed, ${part.failed} failed in ${clock(part.ms)} ===`);
  return part;
}

// One part after the other, each spreading over both cores itself: side by side they took as long
// (both parts keep two cores busy alone) and starved each other's time-outs (docs/decisions.md).
const done = [
  runPart({
    title: pgUrl ? `unit and API tests (SQLite, and PostgreSQL ${pgUrl})` : 'unit and API tests (SQLite)',
    tag: 'vitest',
    cmd: 'npx',
    args: ['vitest', 'run', '--reporter=default', `--reporter=${path.join(root, 'scripts/vitest-report.mjs')}`],
    env: { TEST_DATABASE_URL: pgUrl },
  }),
];
if (!pgUrl && !quick) console.log('(TEST_DATABASE_URL is not set: the API tests run on SQLite only)');
if (!quick) done.push(runPart({ title: 'end-to-end (Chromium)', tag: 'e2e', cmd: process.execPath, args: ['e2e/run.mjs'], env: { TEST_DATABASE_URL: undefined } }));

const passed = done.reduce((n, p) => n + p.passed, 0);
const failed = done.reduce((n, p) => n + p.failed, 0);
const flaky = done.flatMap((p) => (p.flaky ?? []).map((f) => `${p.title}: ${f}`));
const failures = done.flatMap((p) => p.failures.map((f) => `${p.title}: ${f}`));

// CI shows only the tail of the log: where the time went, what was retried and what failed come last.
console.log(`\nwhere the time went (wall ${clock(Date.now() - started)}):`);
for (const p of done) console.log(`  ${clock(p.ms).padStart(12)}  ${p.title}`);
for (const p of done) {
  console.log(`\nthe slowest ${p.slowest.length} of ${p.title}:`);
  for (const s of p.slowest) console.log(`  ${seconds(s.ms).padStart(8)}  ${s.name}`);
}
if (flaky.length) console.log(`\npassed only on the second try (FLAKY, to be fixed):\n${flaky.map((f) => `  ⚠ ${f}`).join('\n')}`);
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
