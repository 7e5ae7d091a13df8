/**
 * The replay's clock, as pure functions: React holds the state, requestAnimationFrame feeds `tick`.
 *
 * A wired track plays in track time (1× is real time between fixes), except that no gap between two
 * fixes plays longer than GAP_CAP_MS: a night parked would otherwise stall the replay for hours.
 * A wireless track has a few fixes a day, so it steps from fix to fix, each shown for STEP_MS at 1×.
 */
export const PLAY_SPEEDS = [1, 2, 4, 8, 16, 32] as const;
export type PlaySpeed = (typeof PLAY_SPEEDS)[number];

export const GAP_CAP_MS = 60_000;
export const STEP_MS = 4_000;
/** A frame longer than this (a background tab, a debugger) advances the replay by this much only. */
export const MAX_FRAME_MS = 250;

export type Timeline = {
  /** Replay-clock time at which each fix is reached. */
  offsets: Float64Array;
  /** True when the vehicle glides between fixes, false when it jumps from one to the next. */
  glide: boolean;
};

const digits = (s: string, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + s.charCodeAt(i) - 48;
  return n;
};

/**
 * A replay's `YYYY-MM-DD HH:mm:ss` (as the server wrote it) to epoch ms: read digit by digit, as a
 * month of fixes is 100,000 times; only differences are used, so the fixed +08:00 is left out.
 */
export function fixTimeMs(text: string): number {
  return Date.UTC(digits(text, 0, 4), digits(text, 5, 7) - 1, digits(text, 8, 10), digits(text, 11, 13), digits(text, 14, 16), digits(text, 17, 19));
}

/** Wired: replay time follows fix time, with long gaps shortened to GAP_CAP_MS. */
export function timeTimeline(fixTimes: ArrayLike<number>): Timeline {
  const offsets = new Float64Array(fixTimes.length);
  for (let i = 1; i < fixTimes.length; i++) {
    offsets[i] = offsets[i - 1]! + Math.min(Math.max(0, fixTimes[i]! - fixTimes[i - 1]!), GAP_CAP_MS);
  }
  return { offsets, glide: true };
}

/** Wireless: one step per fix. */
export function stepTimeline(count: number): Timeline {
  const offsets = new Float64Array(count);
  for (let i = 1; i < count; i++) offsets[i] = i * STEP_MS;
  return { offsets, glide: false };
}

const endOf = (tl: Timeline) => (tl.offsets.length ? tl.offsets[tl.offsets.length - 1]! : 0);

export type Player = { clock: number; playing: boolean; speed: PlaySpeed };

export const initialPlayer: Player = { clock: 0, playing: false, speed: 1 };

export function atEnd(p: Player, tl: Timeline): boolean {
  return p.clock >= endOf(tl);
}

/** Plays from where it stands, or from the start once it has reached the end. */
export function play(p: Player, tl: Timeline): Player {
  if (tl.offsets.length < 2) return p;
  return { ...p, clock: atEnd(p, tl) ? 0 : p.clock, playing: true };
}

export function pause(p: Player): Player {
  return p.playing ? { ...p, playing: false } : p;
}

export function setSpeed(p: Player, speed: PlaySpeed): Player {
  return { ...p, speed };
}

/** Jumps to a fix; playing goes on from there. */
export function seek(p: Player, tl: Timeline, index: number): Player {
  const n = tl.offsets.length;
  if (n === 0) return p;
  const i = Math.min(n - 1, Math.max(0, Math.round(index)));
  return { ...p, clock: tl.offsets[i]! };
}

/** Advances by the real time since the last frame; stops at the end. */
export function tick(p: Player, tl: Timeline, elapsedMs: number): Player {
  if (!p.playing) return p;
  const end = endOf(tl);
  const clock = Math.min(end, p.clock + Math.min(Math.max(0, elapsedMs), MAX_FRAME_MS) * p.speed);
  return { ...p, clock, playing: clock < end };
}

/** The fix reached at the clock, and how far (0–1) the vehicle has gone towards the next one. */
export function positionAt(tl: Timeline, clock: number): { index: number; fraction: number } {
  const { offsets } = tl;
  if (offsets.length === 0) return { index: 0, fraction: 0 };
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= clock) lo = mid;
    else hi = mid - 1;
  }
  const span = lo + 1 < offsets.length ? offsets[lo + 1]! - offsets[lo]! : 0;
  const fraction = tl.glide && span > 0 ? Math.min(1, (clock - offsets[lo]!) / span) : 0;
  return { index: lo, fraction };
}
