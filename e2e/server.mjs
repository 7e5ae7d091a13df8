// The real server for the browser suite: built once, its demo dataset made once, then one copy of
// that data directory per worker, so workers never share a database and a retry sees only what its
// own worker's earlier specs left behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/build.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Starts the built server on `dataDir` and resolves once the console and the JT/T 808 gateway listen. */
export async function startServer(dataDir, label) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: path.join(root, 'apps/web/dist'), LOG_LEVEL: 'warn', DATABASE_URL: '', JT808_PORT: '0',
      // An installed order's silent device makes it abnormal within seconds, not a day: the dispatch spec waits for it.
      ORDER_SILENT_HOURS: '0.004', ORDER_SWEEP_SECONDS: '2',
      // A terminal's answer to an immobilisation finishes its request at the next sweep: seconds, not ten.
      CONTROL_SWEEP_SECONDS: '2' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Ready once the JT/T 808 gateway listens too (its line follows the console's): specs drive it with virtual terminals.
  const jt808Port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: the server did not start within 180 s`)), 180_000);
    let out = '';
    child.stdout.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) console.log(`  [${label}] ${line}`);
      out += String(chunk);
      const gateway = /JT\/T 808 gateway: [\d.]+:(\d+)/.exec(out);
      if (out.includes('cvrisk console:') && gateway) {
        clearTimeout(timer);
        resolve(Number(gateway[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`${label}: the server exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    jt808Port,
    dataDir,
    // The data directory goes only once the server has exited: removing it while the server still
    // writes (its simulator state, the database's journal) failed the run after every test had passed.
    stop: async ({ keepData = false } = {}) => {
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/**
 * Makes the demo dataset once (the product's own first start: seed, 14 days of simulated history
 * through the pipeline), stops that server cleanly so its database is whole on disk, and answers a
 * data directory per worker copied from it. Copying takes a second; making the dataset takes a minute
 * of CPU, which every worker would otherwise spend again at the same time.
 */
export async function prepareDataDirs(count) {
  const template = (await reusedTemplate()) ?? (await makeTemplate());
  console.log(`e2e: copying the demo dataset for ${count} worker${count > 1 ? 's' : ''}`);
  const dirs = [];
  for (let i = 1; i <= count; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cvrisk-e2e-w${i}-`));
    fs.cpSync(template, dir, { recursive: true });
    dirs.push(dir);
  }
  if (!template.startsWith(REUSE.dir)) fs.rmSync(template, { recursive: true, force: true });
  return dirs;
}

async function makeTemplate() {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-e2e-template-'));
  const started = Date.now();
  console.log('e2e: making the demo dataset once for every worker…');
  const server = await startServer(template, 'template');
  await server.stop({ keepData: true });
  console.log(`e2e: demo dataset ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (REUSE.on()) {
    fs.rmSync(REUSE.dir, { recursive: true, force: true });
    fs.cpSync(template, path.join(REUSE.dir, 'data'), { recursive: true });
    fs.writeFileSync(path.join(REUSE.dir, 'key'), reuseKey());
  }
  return template;
}

/**
 * A developer running one spec after another may keep the demo dataset between runs (E2E_REUSE_DEMO=1,
 * or a file named cvrisk-e2e-reuse-demo in the temp directory): a minute of CPU each time. It is made
 * again whenever the server's build or the day (Asia/Shanghai) changed. Never on by default: a full run
 * and CI always make their own.
 */
const REUSE = {
  dir: path.join(os.tmpdir(), 'cvrisk-e2e-demo-cache'),
  on: () => process.env.E2E_REUSE_DEMO === '1' || fs.existsSync(path.join(os.tmpdir(), 'cvrisk-e2e-reuse-demo')),
};

function reuseKey() {
  const built = fs.statSync(path.join(root, 'apps/server/dist/main.js')).mtimeMs;
  const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  return `${built}|${day}`;
}

async function reusedTemplate() {
  if (!REUSE.on()) return undefined;
  const keyFile = path.join(REUSE.dir, 'key');
  if (!fs.existsSync(keyFile) || fs.readFileSync(keyFile, 'utf8') !== reuseKey()) return undefined;
  console.log('e2e: reusing the demo dataset of an earlier run (E2E_REUSE_DEMO)');
  return path.join(REUSE.dir, 'data');
}
