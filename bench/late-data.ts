// npm run bench:late-data — what judging late data in time order costs (issue 30), measured in one run
// on the embedded database with the demo organisation:
//  1. the in-order path: the engine's per-fix rules with the day checkpoints (a copy of the memory
//     before each device's first fix of a day) against the same rules without them;
//  2. a blind-area upload: the same morning of BENCH_LATE_DEVICES devices sent through the pipeline
//     and the engine in order, then (other devices, same fixes) with its middle two hours uploaded
//     after the current fix, and the CPU each late fix costs beyond the in-order case.
// Results: docs/benchmarks.md.
import { performance } from 'node:perf_hooks';
import { DEFAULT_RISK_WARNING_CONFIG, DeviceKind } from '@cvrisk/contracts';
import { pino } from 'pino';
import { evaluateFixes, type EvalEnv } from '../apps/server/src/engine/evaluate.js';
import { createEngine } from '../apps/server/src/engine/engine.js';
import { emptyMemory, serialiseMemory, type DeviceMemory } from '../apps/server/src/engine/memory.js';
import type { DeviceContext } from '../apps/server/src/engine/context.js';
import type { Fire, Fix } from '../apps/server/src/engine/types.js';
import { createTestApp, SEED_NOW } from '../apps/server/src/test/test-app.js';
import { fmt } from './lib.js';

const DEVICES = Number(process.env.BENCH_LATE_DEVICES ?? 200);
const ROUNDS = Number(process.env.BENCH_LATE_ROUNDS ?? 3);
/** 2026-11-19 06:00 in Asia/Shanghai: six hours of a morning, a fix every 30 s. */
const DAY0 = Date.UTC(2026, 10, 18, 22, 0, 0);
const FIXES = 6 * 120;
const BLIND = { from: 2 * 120, to: 4 * 120 };

function morning(i: number): Fix[] {
  const base = { lng: 120.1 + (i % 50) * 0.01, lat: 30.2 + Math.floor(i / 50) * 0.01 };
  return Array.from({ length: FIXES }, (_, k) => {
    const moving = k % 120 < 20;
    return { t: DAY0 + k * 30_000, lng: base.lng + (moving ? k * 0.0001 : 0), lat: base.lat, speed: moving ? 40 : 0, acc: moving ? 1 : 0, battery: null, alarmWord: k === 300 ? 1 << 8 : 0 };
  });
}

/** 1. The rules alone, over a week of fixes of many devices, with and without the day checkpoints. */
function rulesOnly(): void {
  const ctx = {
    id: 1, number: 'x', kind: DeviceKind.wired, model: 'GT06N', deptId: 1, deptChain: [1], carId: 1, customerId: 1, customerName: '', plateNumber: '',
    region: null, thresholds: DEFAULT_RISK_WARNING_CONFIG, fences: [], partners: [], notPush: new Set(),
  } as unknown as DeviceContext;
  const week = Array.from({ length: 7 * 2880 }, (_, k) => ({ t: DAY0 + k * 30_000, lng: 120.1, lat: 30.2, speed: 0, acc: 0, battery: null, alarmWord: 0 }));
  const env = (checkpoints: boolean): EvalEnv => ({
    nearestPoint: () => null, regionAt: () => null, memoryOf: () => undefined, touched: () => {},
    ...(checkpoints ? { dayBegins: (_id: number, _day: number, m: DeviceMemory) => void serialiseMemory(m) } : {}),
  });
  const time = (checkpoints: boolean) => {
    const out: Fire[] = [];
    const start = performance.now();
    for (let d = 0; d < 50; d++) evaluateFixes(emptyMemory(), ctx, week, env(checkpoints), out);
    return (performance.now() - start) / (50 * week.length) * 1e6;
  };
  const without: number[] = [];
  const withCp: number[] = [];
  // Interleaved rounds: the machine's other load changes by the second.
  for (let r = 0; r < ROUNDS + 1; r++) {
    without.push(time(false));
    withCp.push(time(true));
  }
  const median = (a: number[]) => [...a.slice(1)].sort((x, y) => x - y)[Math.floor((a.length - 1) / 2)]!;
  console.log(`rules per in-order fix: ${fmt(median(without))} ns without checkpoints, ${fmt(median(withCp))} ns with them (ratio ${(median(withCp) / median(without)).toFixed(3)})`);
}

/** 2. Through the pipeline and the engine: in order, then the same morning with a blind-area upload. */
async function throughEngine(): Promise<void> {
  const t = await createTestApp({}, pino({ level: 'silent' }));
  const engine = createEngine({ db: t.db, telemetry: t.telemetry, now: () => SEED_NOW });
  const numbers = (await t.db.selectFrom('device').select('device_number').where('kind', '=', 1).orderBy('id').limit(2 * DEVICES).execute()).map((r) => r.device_number);
  if (numbers.length < 2 * DEVICES) throw new Error(`the demo has ${numbers.length} wired devices; BENCH_LATE_DEVICES must be at most half`);
  const submit = async (number: string, fixes: Fix[]) => {
    await t.telemetry.pipeline.submit(fixes.map((f) => ({ deviceNumber: number, gpsTime: f.t, lng: f.lng, lat: f.lat, speed: f.speed, direction: 0, altitude: 0, acc: f.acc, alarmWord: f.alarmWord })));
  };
  const cpu = async (work: () => Promise<void>) => {
    const start = process.cpuUsage();
    await work();
    await engine.idle();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1e6;
  };
  const inOrder = await cpu(async () => {
    for (let i = 0; i < DEVICES; i++) await submit(numbers[i]!, morning(i));
  });
  const late = await cpu(async () => {
    for (let i = 0; i < DEVICES; i++) {
      const m = morning(i);
      const number = numbers[DEVICES + i]!;
      await submit(number, m.slice(0, BLIND.from));
      await submit(number, m.slice(BLIND.to, BLIND.to + 1));
      await submit(number, m.slice(BLIND.from, BLIND.to));
      await submit(number, m.slice(BLIND.to + 1));
    }
  });
  const lateFixes = DEVICES * (BLIND.to - BLIND.from);
  console.log(`${DEVICES} devices × ${FIXES} fixes: in order ${inOrder.toFixed(2)} CPU-s, with a ${BLIND.to - BLIND.from}-fix blind-area upload each ${late.toFixed(2)} CPU-s (ratio ${(late / inOrder).toFixed(2)})`);
  console.log(`each late fix costs ${(((late - inOrder) / lateFixes) * 1e6).toFixed(1)} µs of CPU beyond the in-order case (a fix in order: ${((inOrder / (DEVICES * FIXES)) * 1e6).toFixed(1)} µs through pipeline and engine)`);
  await engine.stop();
  await t.close();
}

console.log('bench:late-data — 1/2 the rules alone…');
rulesOnly();
console.log('bench:late-data — 2/2 through the pipeline and the engine (demo organisation, embedded database)…');
await throughEngine();
