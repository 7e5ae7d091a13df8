// `npm test`: every unit and API test (Vitest) on SQLite; the server's tests again on PostgreSQL when
// TEST_DATABASE_URL is set; then the end-to-end suite in Chromium against the built app.
// Ends with one plain "N passed, N failed" line counting all of it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgUrl = process.env.TEST_DATABASE_URL;
let passed = 0;
let failed = 0;
/** The failing tests' names and first error lines, printed again at the very end: CI shows only the tail of the log. */
const failures = [];

/** Runs a command that writes a JSON report and adds its counts; a crash without a report counts as a failure. */
function runCounted(title, cmd, args, env, readCounts) {
  console.log(`\n=== ${title} ===`);
  const report = path.join(os.tmpdir(), `cvrisk-report-${process.pid}-${passed + failed}-${Date.now()}.json`);
  const childEnv = { ...process.env, ...env, REPORT_FILE: report };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const status = spawnSync(cmd, [...args(report)], { cwd: root, stdio: 'inherit', env: childEnv }).status ?? 1;
  let runFailed = 0;
  try {
    const c = readCounts(JSON.parse(fs.readFileSync(report, 'utf8')));
    passed += c.passed;
    runFailed = c.failed;
    for (const f of c.failures ?? []) failures.push(`${title}: ${f}`);
    fs.rmSync(report);
  } catch {
    console.error(`${title}: no report was written`);
  }
  // A runner that failed without a failing test (a crash, an error outside tests) still fails the run.
  if (status !== 0 && runFailed === 0) failures.push(`${title}: the runner exited with ${status} outside any test`);
  failed += status !== 0 && runFailed === 0 ? 1 : runFailed;
}

/** Vitest's JSON report: each failed assertion as "file › test — first line of the error". */
function vitestFailures(r) {
  const out = [];
  for (const file of r.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) out.push(`${rel} › ${a.fullName} — ${firstLine(a.failureMessages?.[0])}`);
    // A file that failed to load has no failed assertion, only its own message.
    if (file.status === 'failed' && failedTests.length === 0) out.push(`${rel} — ${firstLine(file.message)}`);
  }
  return out;
}
const firstLine = (text) => String(text ?? '').split('\n')[0].slice(0, 300);

const vitestCounts = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, failures: vitestFailures(r) });
const vitestArgs = (extra) => (report) => ['vitest', 'run', ...extra, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];

runCounted('unit and API tests (SQLite)', 'npx', vitestArgs([]), { TEST_DATABASE_URL: undefined }, vitestCounts);
if (pgUrl) runCounted(`API tests (PostgreSQL ${pgUrl})`, 'npx', vitestArgs(['--project', 'server']), { TEST_DATABASE_URL: pgUrl }, vitestCounts);
else console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on SQLite only)');
runCounted('end-to-end (Chromium)', 'node', () => ['e2e/run.mjs'], { TEST_DATABASE_URL: undefined }, (r) => r);

if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
