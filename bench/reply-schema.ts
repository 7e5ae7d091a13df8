// npm run bench:reply — what passing a reply through its declared schema (route()) costs, next to
// serialising the same payload, measured in the same run. Common case: page 1 of the device list
// with a filter (20 rows); and the map's whole fleet (50,000 devices), which route() sends unchecked
// (`trustReply`) because of this figure. Results: docs/benchmarks.md.
import { DeviceCalls, MonitorCalls } from '@cvrisk/contracts';
import type { ZodType } from 'zod';
import { createTestApp } from '../apps/server/src/test/test-app.js';
import { fmt } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

/** Mean microseconds of `run` over `rounds`, after a warm-up of a tenth as many. */
function time(rounds: number, run: () => unknown): number {
  for (let i = 0; i < Math.max(3, rounds / 10); i++) run();
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) run();
  return Number(process.hrtime.bigint() - start) / 1000 / rounds;
}

function compare(label: string, schema: ZodType, payload: unknown, rounds: number, requestUs?: number): void {
  const serialise = time(rounds, () => JSON.stringify(payload));
  const checked = time(rounds, () => JSON.stringify(schema.parse(payload)));
  const extra = checked - serialise;
  const share = requestUs ? `, ${((extra / requestUs) * 100).toFixed(1)}% of the whole request (${(requestUs / 1000).toFixed(1)} ms)` : '';
  console.log(`${label}: serialise ${fmt(serialise, 0)} µs, schema + serialise ${fmt(checked, 0)} µs — ratio ${(checked / serialise).toFixed(2)}×${share}`);
}

const t = await createTestApp();
try {
  const token = await t.login('admin');
  console.log('reply schema cost (demo database; µs per reply)…');

  const body = { pageNumber: 1, pageSize: 20, deviceKind: 1 };
  const inject = () => t.app.inject({ method: 'POST', url: DeviceCalls.list.path, headers: { accessToken: token }, payload: body });
  const page = (await inject()).json().result;
  for (let i = 0; i < 20; i++) await inject();
  const start = process.hrtime.bigint();
  const requests = Math.min(ROUNDS, 200);
  for (let i = 0; i < requests; i++) await inject();
  const requestUs = Number(process.hrtime.bigint() - start) / 1000 / requests;
  compare(`device list, page 1 of ${page.count} (${page.list.length} rows)`, DeviceCalls.list.reply, page, ROUNDS, requestUs);

  const fleet = (await t.app.inject({ method: 'GET', url: MonitorCalls.devices.path, headers: { accessToken: token } })).json().result as unknown[];
  const copies = Math.ceil(50_000 / fleet.length);
  const large = Array.from({ length: copies }, () => fleet).flat().slice(0, 50_000);
  compare(`map fleet (${large.length.toLocaleString('en')} devices)`, MonitorCalls.devices.reply, large, 5);
} finally {
  await t.close();
}
