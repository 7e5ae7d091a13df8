// Builds whatever is missing or older than its sources: used by `npm start` and the end-to-end suite.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const parts = [
  { name: 'contracts', src: ['packages/contracts/src'], out: 'packages/contracts/dist/index.js', cmd: 'npm run build -w packages/contracts' },
  { name: 'web console', src: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/contracts/src'], out: 'apps/web/dist/index.html', cmd: 'npm run build -w apps/web' },
  { name: 'server', src: ['apps/server/src', 'packages/contracts/src'], out: 'apps/server/dist/main.js', cmd: 'npm run build -w apps/server' },
];

export function ensureBuilt() {
  for (const part of parts) {
    const out = path.join(root, part.out);
    const srcTime = Math.max(...part.src.map((s) => newestMtime(path.join(root, s))));
    if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= srcTime) continue;
    console.log(`cvrisk: building the ${part.name}…`);
    execSync(part.cmd, { cwd: root, stdio: 'inherit' });
    // Incremental builds leave unchanged outputs alone; mark this one current so the next start skips it.
    const now = new Date();
    fs.utimesSync(out, now, now);
  }
}
