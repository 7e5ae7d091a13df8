// npm run bench:customers — the customer list (page 1, as most users open it, and with the usual
// filters) and each user-portrait call under 20 concurrent clients on 200,000 customers, 5,000 of them
// with 30 days of driving, next to a bare authenticated call of the same server in the same run.
// Results: docs/benchmarks.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCustomersDatabase } from './customers-data.js';
import { loadClient, startBenchServer, type Load, type Reply } from './http-load.js';
import { fmt } from './lib.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-customers-'));
  const file = path.join(dir, 'bench.db');
  const built = await buildCustomersDatabase(file);
  const { child, port } = await startBenchServer(file);
  const { call, load, destroy } = loadClient(port, CLIENTS, REQUESTS);
  try {
    const login = async (username: string) => JSON.parse((await call('POST', '/api/login', undefined, { username, password: built.password })).body.toString()).data.accessToken as string;
    const finance = await login('finance1');
    const admin = await login('admin');
    console.log(`bench:customers on ${os.cpus().length} cores (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}), SQLite (WAL)`);
    console.log(`${fmt(built.customers)} customers, ${fmt(built.driven)} cars with 30 days of driving; database ${(fs.statSync(file).size / 1e9).toFixed(2)} GB`);
    console.log(`${CLIENTS} concurrent clients, ${fmt(REQUESTS)} requests per scenario after a warm-up\n`);

    const bare = await load(() => call('GET', '/api/customer/getCustomerGradeDict', admin));
    const row = (name: string, r: Load) =>
      console.log(
        `${name.padEnd(44)} ${fmt(r.rps).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms` +
          `  p99 ${(r.p99 / bare.p99).toFixed(2)}× bare${r.errors ? `  ${r.errors} ERRORS` : ''}`,
      );
    row('bare: GET getCustomerGradeDict', bare);
    let i = 0;
    // Each request asks about another car, as a room of risk managers would.
    const car = () => built.drivenCars[i++ % built.drivenCars.length]!;
    const list = (token: string, filters: object) => () => call('POST', '/api/customer/getCustomerList', token, { pageNumber: 1, pageSize: 20, ...filters });
    const scenarios: [string, () => Promise<Reply>][] = [
      ['getCustomerList admin, page 1', list(admin, {})],
      ['getCustomerList finance1, page 1', list(finance, {})],
      ['getCustomerList finance1, high risk', list(finance, { grade: 'high' })],
      ['getCustomerList finance1, overdue', list(finance, { overdue: 1 })],
      ['getCustomerList finance1, by phone', list(finance, { customerPhone: '1390001' })],
      ['getOverdueList finance1, page 1', () => call('POST', '/api/customer/getOverdueList', finance, { pageNumber: 1, pageSize: 20 })],
      ['getCustomerByid', () => call('GET', `/api/customerDraw/getCustomerByid?customerid=${car().customerId}`, admin)],
      ['findWarningCountList', () => call('POST', '/api/customerDraw/findWarningCountList', admin, { customerid: car().customerId })],
      ['getUseCarByCarid', () => call('GET', `/api/customerDraw/getUseCarByCarid?carid=${car().carId}`, admin)],
      ['getDrivingByCarid', () => call('GET', `/api/customerDraw/getDrivingByCarid?carid=${car().carId}`, admin)],
      ['getStop7dayByCarid', () => call('GET', `/api/customerDraw/getStop7dayByCarid?carid=${car().carId}`, admin)],
      ['getDriving7dayByCarid', () => call('GET', `/api/customerDraw/getDriving7dayByCarid?carid=${car().carId}`, admin)],
      ['getDriving30dayByCarid', () => call('GET', `/api/customerDraw/getDriving30dayByCarid?carid=${car().carId}`, admin)],
      ['getWarningByCarid', () => call('GET', `/api/customerDraw/getWarningByCarid?carid=${car().carId}`, admin)],
    ];
    const misses: string[] = [];
    for (const [name, send] of scenarios) {
      const r = await load(send);
      row(name, r);
      if (r.p99 > 2 * bare.p99) misses.push(`${name} (${(r.p99 / bare.p99).toFixed(1)}×)`);
    }
    console.log(`\ntarget: every p99 within 2× the bare call's ${bare.p99.toFixed(1)} ms — ${misses.length ? `missed by ${misses.join(', ')}` : 'met'}`);
  } finally {
    destroy();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
