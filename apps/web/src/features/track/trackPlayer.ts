/**
 * The replay's clock, as pure functions: React holds the state, requestAnimationFrame feeds `tick`.
 *
 * People replay a track to see where the car went and where it stood, not to wait through the night
 * it spent parked. So a wired track plays on a timeline of its own: driving at DRIVE_RATE times real
 * time (a typical day's 2–3 h of driving in about a minute at 1×), and each parked spell — a stop, or
 * a gap without fixes — as one short PARK_BEAT_MS, however long it lasted, during which its duration
 * is shown. A wireless track has a few fixes a day, so it steps from fix to fix, STEP_MS each at 1×.
 * The speeds multiply that timeline; the progress bar and seeking are on it too.
 */
export const PLAY_SPEEDS = [0.5, 1, 2, 4, 8, 16] as const;
export type PlaySpeed = (typeof PLAY_SPEEDS)[number];
export const DEFAULT_SPEED: PlaySpeed = 1;

/** At 1×, driving plays this many times faster than it happened: an hour of driving in 24 s. */
export const DRIVE_RATE = 150;
/** A parked spell at 1×: long enough to see the car stand, short enough that play moves it within a second. */
export const PARK_BEAT_MS = 800;
/**
 * Two fixes further apart than this are the car parked (or out of coverage), not driving: a wired
 * terminal reports every 10–30 s with the ignition on; this is also the shortest stop the server counts.
 */
export const PARK_GAP_MS = 5 * 60_000;
/** After a parked spell its duration stays on screen this long (timeline time), so it can be read. */
export const PARK_LINGER_MS = 1_200;
export const STEP_MS = 1_000;
/** A frame longer than this (a background tab, a debugger) advances the replay by this much only. */
export const MAX_FRAME_MS = 250;

/** A stop as the timeline needs it; times in epoch ms. */
export type StopSpan = { startMs: number; endMs: number; durationMs: number };

/** A parked spell on the timeline. */
export type Park = {
  /** Timeline span of the spell. */
  from: number;
  to: number;
  /** The fixes the spell begins and ends with. */
  fix: number;
  until: number;
  /** How long it stood: the server's stop where there is one, else the gap between the fixes. */
  durationMs: number;
  /** Index of the server's stop it is, if it is one. */
  stop: number | null;
};

export type Timeline = {
  /** Timeline time (ms at 1×) at which each fix is reached. */
  offsets: Float64Array;
  /** True when the vehicle glides between fixes, false when it jumps from one to the next. */
  glide: boolean;
  /** The parked spells, in order. */
  parks: readonly Park[];
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

/** Wired: driving at DRIVE_RATE, each run of parked segments (within a stop, or a long gap) as one beat. */
export function driveTimeline(fixTimes: ArrayLike<number>, stops: readonly StopSpan[] = []): Timeline {
  const n = fixTimes.length;
  const offsets = new Float64Array(n);
  const parks: Park[] = [];
  const gap = (i: number) => Math.max(0, fixTimes[i]! - fixTimes[i - 1]!);
  // Stops come in time order and so do segments: one pointer walks both.
  let s = 0;
  const stopHolding = (i: number) => {
    while (s < stops.length && stops[s]!.endMs < fixTimes[i]!) s++;
    return s < stops.length && stops[s]!.startMs <= fixTimes[i - 1]! ? s : -1;
  };
  const parked = (i: number, stop: number) => stop >= 0 || gap(i) > PARK_GAP_MS;

  for (let i = 1; i < n; ) {
    const stop = stopHolding(i);
    if (!parked(i, stop)) {
      offsets[i] = offsets[i - 1]! + gap(i) / DRIVE_RATE;
      i++;
      continue;
    }
    // Segments i..end-1 are one parked spell, from fix i-1 to fix end-1.
    const first = i - 1;
    let end = i + 1;
    let matched = stop;
    let realMs = gap(i);
    for (; end < n; end++) {
      const next = stopHolding(end);
      if (!parked(end, next)) break;
      if (matched < 0) matched = next;
      realMs += gap(end);
    }
    const from = offsets[first]!;
    let passed = 0;
    for (let k = i; k < end; k++) {
      passed += gap(k);
      offsets[k] = from + PARK_BEAT_MS * (realMs > 0 ? passed / realMs : (k - first) / (end - 1 - first));
    }
    parks.push({ from, to: offsets[end - 1]!, fix: first, until: end - 1, durationMs: matched >= 0 ? stops[matched]!.durationMs : realMs, stop: matched >= 0 ? matched : null });
    i = end;
  }
  return { offsets, glide: true, parks };
}

/** Wireless: one step per fix. */
export function stepTimeline(count: number): Timeline {
  const offsets = new Float64Array(count);
  for (let i = 1; i < count; i++) offsets[i] = i * STEP_MS;
  return { offsets, glide: false, parks: [] };
}

export const timelineEnd = (tl: Timeline) => (tl.offsets.length ? tl.offsets[tl.offsets.length - 1]! : 0);

export type Player = { clock: number; playing: boolean; speed: PlaySpeed };

export const initialPlayer: Player = { clock: 0, playing: false, speed: DEFAULT_SPEED };

export function atEnd(p: Player, tl: Timeline): boolean {
  return p.clock >= timelineEnd(tl);
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

/** Jumps to a point of the timeline (the progress bar); playing goes on from there. */
export function seekClock(p: Player, tl: Timeline, clock: number): Player {
  return { ...p, clock: Math.min(timelineEnd(tl), Math.max(0, clock)) };
}

/** Advances by the real time since the last frame; stops at the end. */
export function tick(p: Player, tl: Timeline, elapsedMs: number): Player {
  if (!p.playing) return p;
  const end = timelineEnd(tl);
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

/** The parked spell the car is in at the clock, or left less than PARK_LINGER_MS ago. */
export function parkAt(tl: Timeline, clock: number): Park | null {
  const { parks } = tl;
  let lo = 0;
  let hi = parks.length - 1;
  let found: Park | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (parks[mid]!.from <= clock) {
      found = parks[mid]!;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found && clock <= found.to + PARK_LINGER_MS ? found : null;
}
