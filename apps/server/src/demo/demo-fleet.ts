import path from 'node:path';
import type { Db } from '../db/database.js';
import { createSettingsRepository } from '../modules/settings/settings.repository.js';
import { loadFleetSource } from '../telemetry/simulator/fleet-source.js';
import { AUTH_CODES_FILE, authCodeFile } from '../telemetry/simulator/auth-codes.js';
import { planFleet } from '../telemetry/simulator/fleet-plan.js';
import { runHistory } from '../telemetry/simulator/history-runner.js';
import { startLive, type LiveRunner } from '../telemetry/simulator/live-runner.js';
import type { FleetPlan } from '../telemetry/simulator/plan-types.js';
import type { PositionPipeline } from '../telemetry/pipeline/position-pipeline.js';
import { DEFAULT_DEMO_SEED } from './seed-demo.js';

const DAY_MS = 24 * 3600_000;
/** Where the demo's lives were anchored on the first start, and how far they have been played. */
const EPOCH_KEY = 'demo.epoch';
const PLAYED_KEY = 'demo.simulatedTo';

export type HistoryProgress = (doneDevices: number, totalDevices: number, positions: number) => void;

async function planAt(db: Db, epoch: number, historyDays: number): Promise<FleetPlan> {
  return planFleet(await loadFleetSource(db), { seed: DEFAULT_DEMO_SEED, now: epoch, historyDays });
}

/**
 * The first start's history: the simulator's fleet played through the position pipeline itself —
 * validation, duplicate drop, derivation and the same commits — fast-forwarded to now. (Over TCP
 * the JT/T 808 encoding of 1.8 M fixes alone costs more than the 90 s a first start may take;
 * `npm run simulate` and the live fleet below use TCP.)
 */
export async function loadDemoHistory(db: Db, pipeline: PositionPipeline, historyDays: number, now: number, onProgress: HistoryProgress) {
  const plan = await planAt(db, now, historyDays);
  const result = await runHistory({ plan, connection: { transport: 'pipeline', pipeline }, onProgress });
  // The console opens on the history's stops and figures, not a minute later.
  await pipeline.drain();
  const settings = createSettingsRepository(db);
  await settings.set(0, EPOCH_KEY, String(now));
  await settings.set(0, PLAYED_KEY, String(now));
  return result;
}

export type DemoFleet = { stop(): Promise<void> };

/**
 * Keeps the demo fleet driving while the console is up: every device over real TCP to the gateway,
 * authenticating with the code it registered with on an earlier start (kept in DATA_DIR), first catching up (as blind-area uploads) on the time the console was down, at most the history span.
 */
export async function startDemoFleet(
  db: Db,
  o: { host: string; port: number; historyDays: number; now: number; dataDir: string; onError?: (device: string, err: Error) => void },
): Promise<DemoFleet | null> {
  const settings = createSettingsRepository(db);
  const epoch = Number(await settings.get(0, EPOCH_KEY));
  if (!epoch) return null;
  const played = Number((await settings.get(0, PLAYED_KEY)) ?? epoch);
  const plan = await planAt(db, epoch, o.historyDays);
  const authCodes = authCodeFile(path.join(o.dataDir, AUTH_CODES_FILE));
  const live: LiveRunner = startLive({
    plan,
    connection: { transport: 'tcp', host: o.host, port: o.port },
    authCodes,
    from: Math.max(played, o.now - o.historyDays * DAY_MS),
    simStart: o.now,
    onError: o.onError,
  });
  const timer = setInterval(() => void settings.set(0, PLAYED_KEY, String(Math.floor(live.simTime()))), 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await live.stop();
      authCodes.flush();
      await settings.set(0, PLAYED_KEY, String(Math.floor(live.simTime())));
    },
  };
}
