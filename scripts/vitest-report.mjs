// A Vitest reporter for `npm test`: writes to REPORT_FILE what the closing summary needs — the counts,
// each failing test by file and name with its first error line, and every file's time with its
// project (a server file runs on SQLite and again on PostgreSQL, and the two times differ).
import fs from 'node:fs';
import path from 'node:path';

const firstLine = (text) => String(text ?? '').split('\n')[0].slice(0, 300);

export default class CountingReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.REPORT_FILE;
    if (!file) return;
    let passed = 0;
    let failed = 0;
    const failures = [];
    const files = [];
    for (const mod of testModules) {
      const rel = path.relative(this.root, mod.moduleId);
      const project = mod.project.name;
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const { state, errors } = test.result();
        if (state === 'passed') passed += 1;
        if (state !== 'failed') continue;
        failed += 1;
        failedHere += 1;
        failures.push(`[${project}] ${rel} › ${test.fullName} — ${firstLine(errors?.[0]?.message)}`);
      }
      // A file that failed to load, or whose hook threw, has no failed test: it counts as one failure.
      if (mod.state() === 'failed' && failedHere === 0) {
        failed += 1;
        failures.push(`[${project}] ${rel} — ${firstLine(mod.errors()[0]?.message)}`);
      }
      const d = mod.diagnostic();
      files.push({ name: `[${project}] ${rel}`, ms: d.duration + d.collectDuration + d.environmentSetupDuration + d.prepareDuration + d.setupDuration });
    }
    for (const err of unhandledErrors) {
      failed += 1;
      failures.push(`unhandled error — ${firstLine(err.message)}`);
    }
    files.sort((a, b) => b.ms - a.ms);
    fs.writeFileSync(file, JSON.stringify({ passed, failed, failures, slowest: files.slice(0, 15) }));
  }
}
