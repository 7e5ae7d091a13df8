import type { ControlAction } from '@cvrisk/contracts';
import type { LocationFix } from '../jt808/index.js';
import type { AuthCodes } from './auth-codes.js';
import { openLink, RegistrationRefused, type Connection, type DeviceLink } from './device-link.js';
import { FixBuffer } from './fix-buffer.js';
import { HOUR_MS } from './local-time.js';
import type { FleetPlan, PlannedDevice } from './plan-types.js';
import { StoppedCar } from './stopped-car.js';
import { deviceFixes, fixNow } from './timeline.js';

export type LiveOptions = {
  plan: FleetPlan;
  connection: Connection;
  /** Simulated time from which fixes are sent: where the history stopped. Default: the plan's end. */
  from?: number;
  /** Simulated time when the run starts; fixes between `from` and it are sent at once. Default: now. */
  simStart?: number;
  /** The real clock. */
  clock?: () => number;
  /** Simulated seconds per real second (1: real time; 60: an hour a minute, for demos). */
  speed?: number;
  authCodes?: AuthCodes;
  /** A connected terminal with nothing to send says it is alive this often (real ms). */
  heartbeatMs?: number;
  tickMs?: number;
  onError?: (deviceNumber: string, err: Error) => void;
};

export type LiveRunner = {
  simTime(): number;
  stats: { positions: number; connects: number; errors: number };
  stop(): Promise<void>;
};

/** Fixes are generated this much simulated time ahead at once. */
const CHUNK_MS = HOUR_MS;
/** At most this many positions in one upload; a device catching up sends several. */
const MAX_UPLOAD = 500;
/** New connections opened per tick, so a thousand terminals do not knock at once. */
const CONNECTS_PER_TICK = 100;
const MAX_BACKOFF_MS = 30_000;
const RECONNECT_DELAY_MS = 2000;
/**
 * After a refused registration (no window, or registered with a code this simulator lacks) a device
 * waits this long: only a person opening a window changes the answer, and each refusal counts
 * against the device and the simulator's address at the gateway (10 a number, 300 an address, in
 * 10 minutes), so retrying sooner would lock the fleet's healthy terminals out with it.
 */
export const REFUSED_RETRY_MS = 10 * 60_000;

type State = {
  device: PlannedDevice;
  link: DeviceLink | null;
  busy: boolean;
  fixes: FixBuffer;
  next: number;
  generatedTo: number;
  lastSent: number;
  retryAt: number;
  failures: number;
  /** Set while the platform has the relay cut: the car stands still and the plan's fixes are skipped. */
  stopped: StoppedCar | null;
  /** When the last restore came (simulated time): the plan's fixes up to it stood still, and are not sent. */
  resumedAt: number;
  /** A report outside the plan to send first: where the car is as it resumes, without the relay bits. */
  resumeReport: FixBuffer | null;
  /** Time of the latest fix handed to the link: a report on a relay change comes after it, not as its duplicate. */
  lastFixAt: number;
};

/**
 * Keeps the fleet reporting: one connection per device, each fix sent when its (simulated) time
 * comes, heartbeats while there is nothing to send, answers to platform commands, and after a
 * dropped connection a reconnect with back-off and the missed fixes sent as a blind-area batch.
 * A device inside one of its episode's silences holds no connection at all. A terminal whose relay
 * the platform cuts (by its model's mapping) stops its car until it is restored.
 */
export function startLive(o: LiveOptions): LiveRunner {
  const clock = o.clock ?? Date.now;
  const speed = o.speed ?? 1;
  const heartbeatMs = o.heartbeatMs ?? 60_000;
  const authCodes = o.authCodes ?? new Map<string, string>();
  const realStart = clock();
  const simStart = o.simStart ?? realStart;
  const from = o.from ?? o.plan.end;
  const stats = { positions: 0, connects: 0, errors: 0 };
  const simTime = () => simStart + (clock() - realStart) * speed;
  const inFlight = new Set<Promise<void>>();
  /** Cars standing because one of their terminals cut the relay: the car's other devices report where it stands. */
  const stoppedCars = new Map<number, StoppedCar>();
  const states: State[] = o.plan.devices.map((device) => ({
    device, link: null, busy: false, fixes: new FixBuffer(256), next: 0, generatedTo: from, lastSent: realStart, retryAt: 0, failures: 0,
    stopped: null, resumedAt: -Infinity, resumeReport: null, lastFixAt: -Infinity,
  }));

  function run(s: State, op: () => Promise<void>): void {
    s.busy = true;
    const p = op()
      .then(() => {
        s.failures = 0;
      })
      .catch((err: unknown) => {
        s.link?.close();
        s.link = null;
        s.failures += 1;
        s.retryAt = clock() + (err instanceof RegistrationRefused ? REFUSED_RETRY_MS : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** s.failures));
        stats.errors += 1;
        o.onError?.(s.device.number, err instanceof Error ? err : new Error(String(err)));
      })
      .finally(() => {
        s.busy = false;
        inFlight.delete(p);
      });
    inFlight.add(p);
  }

  async function linked(s: State): Promise<DeviceLink> {
    if (s.link) return s.link;
    s.link = await openLink(s.device, o.connection, authCodes, {
      whereNow: () => whereNow(s),
      onRelay: (order) => obeyRelay(s, order),
    });
    stats.connects += 1;
    return s.link;
  }

  /**
   * A cut stops the car where it is; a restore lets it carry on with its plan from now (where the
   * plan has it by then), reporting at once as a terminal does when its status changes.
   */
  function obeyRelay(s: State, order: ControlAction): void {
    const at = Math.max(simTime(), s.lastFixAt + 1000);
    const carId = s.device.car.carId;
    if (order === 'cut') {
      s.stopped ??= new StoppedCar(fixNow(o.plan, s.device, at));
      if (!stoppedCars.has(carId)) stoppedCars.set(carId, s.stopped);
      return;
    }
    if (!s.stopped) return;
    if (stoppedCars.get(carId) === s.stopped) stoppedCars.delete(carId);
    s.stopped = null;
    s.resumedAt = at;
    s.resumeReport = new FixBuffer(1);
    s.resumeReport.pushFix(fixNow(o.plan, s.device, at));
  }

  /** Where the device is now: its answer to a position query, or to a 0x8500. */
  function whereNow(s: State): LocationFix {
    const t = simTime();
    if (s.stopped) return s.stopped.fixAt(t);
    const fix = fixNow(o.plan, s.device, Math.max(t, s.resumedAt));
    return stoppedCars.get(s.device.car.carId)?.standIn(fix) ?? fix;
  }

  function tick(): void {
    const sim = simTime();
    const real = clock();
    let connects = 0;
    for (const s of states) {
      if (s.busy) continue;
      if (s.link && !s.link.alive) {
        // The platform closed the connection (another connection took over, a reset registration):
        // reconnect after a pause, as a terminal does, rather than at once.
        s.link.close();
        s.link = null;
        s.retryAt = real + RECONNECT_DELAY_MS;
      }
      if (s.next === s.fixes.length && s.generatedTo <= sim) {
        const to = Math.min(Math.max(s.generatedTo + CHUNK_MS, sim + 1), s.generatedTo + 24 * HOUR_MS);
        s.fixes.clear();
        s.next = 0;
        deviceFixes(o.plan, s.device, s.generatedTo, to, s.fixes);
        s.generatedTo = to;
      }
      const standingThrough = s.stopped ? sim : s.resumedAt;
      while (s.next < s.fixes.length && s.fixes.time[s.next]! <= standingThrough) s.next += 1;
      let due = 0;
      while (s.next + due < s.fixes.length && due < MAX_UPLOAD && s.fixes.time[s.next + due]! <= sim) due += 1;
      if (due === 0 && silentAt(s.device, sim)) {
        s.link?.close();
        s.link = null;
        continue;
      }
      if (!s.link && (real < s.retryAt || connects++ >= CONNECTS_PER_TICK)) continue;
      const report = s.resumeReport ?? s.stopped?.reportDue(sim) ?? null;
      if (report) {
        s.resumeReport = null;
        s.lastFixAt = report.time[0]!;
        run(s, async () => {
          await (await linked(s)).send(report, 0, 1, false);
          s.lastSent = clock();
          stats.positions += 1;
        });
      } else if (due > 0) {
        const start = s.next;
        stoppedCars.get(s.device.car.carId)?.pin(s.fixes, start, start + due);
        s.lastFixAt = s.fixes.time[start + due - 1]!;
        run(s, async () => {
          await (await linked(s)).send(s.fixes, start, start + due, due > 1);
          s.next = start + due;
          s.lastSent = clock();
          stats.positions += due;
        });
      } else if (!s.link) {
        run(s, async () => {
          await linked(s);
          s.lastSent = clock();
        });
      } else if (real - s.lastSent >= heartbeatMs) {
        const link = s.link;
        run(s, async () => {
          await link.heartbeat();
          s.lastSent = clock();
        });
      }
    }
  }

  const timer = setInterval(tick, o.tickMs ?? 1000);
  tick();
  return {
    simTime,
    stats,
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
      for (const s of states) s.link?.close();
    },
  };
}

function silentAt(device: PlannedDevice, t: number): boolean {
  return device.effects.silences.some((s) => t >= s.from && t < s.to);
}
