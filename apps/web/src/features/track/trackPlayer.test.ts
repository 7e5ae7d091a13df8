import { describe, expect, it } from 'vitest';
import {
  DRIVE_RATE,
  MAX_FRAME_MS,
  PARK_BEAT_MS,
  PARK_LINGER_MS,
  STEP_MS,
  atEnd,
  driveTimeline,
  fixTimeMs,
  initialPlayer,
  parkAt,
  pause,
  play,
  positionAt,
  seek,
  seekClock,
  setSpeed,
  stepTimeline,
  tick,
  timelineEnd,
  type Player,
  type StopSpan,
  type Timeline,
} from './trackPlayer';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

/** Runs frames of 100 ms until `ms` of real time have passed. */
function run(p: Player, tl: Timeline, ms: number): Player {
  let next = p;
  for (let t = 0; t < ms; t += 100) next = tick(next, tl, 100);
  return next;
}

/** Fixes every `every` ms from `from` up to and including `to`. */
function fixes(from: number, to: number, every: number): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t += every) out.push(t);
  return out;
}

/**
 * A day as the demo fleet drives it: parked from midnight to 08:00 (a fix every 15 min, ignition off),
 * 1¼ h to work (a fix every 15 s), parked there until 17:30, 1¼ h home, parked for the night.
 */
const day = [
  ...fixes(0, 8 * H, 15 * MIN),
  ...fixes(8 * H + 15 * S, 9 * H + 15 * MIN, 15 * S),
  ...fixes(9 * H + 30 * MIN, 17 * H + 30 * MIN, 15 * MIN),
  ...fixes(17 * H + 30 * MIN + 15 * S, 18 * H + 45 * MIN, 15 * S),
  ...fixes(19 * H, 23 * H + 45 * MIN, 15 * MIN),
];
const dayStops: StopSpan[] = [
  { startMs: -6 * H, endMs: 8 * H, durationMs: 14 * H },
  { startMs: 9 * H + 15 * MIN, endMs: 17 * H + 30 * MIN, durationMs: 8 * H + 15 * MIN },
  { startMs: 18 * H + 45 * MIN, endMs: 24 * H, durationMs: 5 * H + 15 * MIN },
];
const wired = driveTimeline(day, dayStops);

describe('a day played at the default speed', () => {
  it('moves the car within a second of play, although the day starts with 8 hours parked', () => {
    const p = run(play(initialPlayer, wired), wired, 1 * S);
    const at = positionAt(wired, p.clock);
    // Past the night's 33 parked fixes (0–32) and on the road.
    expect(at.index).toBeGreaterThan(32);
    expect(day[at.index]).toBeGreaterThan(8 * H);
  });

  it('plays the whole day, 2½ h of driving, in about a minute', () => {
    expect(timelineEnd(wired)).toBeGreaterThan(55 * S);
    expect(timelineEnd(wired)).toBeLessThan(70 * S);
    const p = run(play(initialPlayer, wired), wired, 70 * S);
    expect(p.playing).toBe(false);
    expect(positionAt(wired, p.clock).index).toBe(day.length - 1);
  });

  it('passes each parked spell in one short beat, however long it was', () => {
    expect(wired.parks.map((p) => p.to - p.from)).toEqual([PARK_BEAT_MS, PARK_BEAT_MS, PARK_BEAT_MS]);
    expect(wired.parks.map((p) => p.stop)).toEqual([0, 1, 2]);
  });

  it('drives at DRIVE_RATE: a 15 s hop between two fixes takes 0.1 s', () => {
    const i = day.indexOf(8 * H + 30 * S);
    expect(wired.offsets[i]! - wired.offsets[i - 1]!).toBeCloseTo((15 * S) / DRIVE_RATE);
  });

  it('shows the stop and how long the car stood there as it reaches it, for a moment after', () => {
    const work = wired.parks[1]!;
    expect(day[work.fix]).toBe(9 * H + 15 * MIN);
    expect(day[work.until]).toBe(17 * H + 30 * MIN);
    expect(parkAt(wired, work.from - 1)).toBeNull();
    expect(parkAt(wired, work.from)).toMatchObject({ stop: 1, durationMs: 8 * H + 15 * MIN });
    expect(parkAt(wired, work.to + PARK_LINGER_MS)).toBe(work);
    expect(parkAt(wired, work.to + PARK_LINGER_MS + 1)).toBeNull();
    // The night at the start is shown before play too: that is where the car is.
    expect(parkAt(wired, 0)).toMatchObject({ stop: 0, durationMs: 14 * H });
  });

  it('goes slower or faster with the speed', () => {
    const slow = run(setSpeed(play(initialPlayer, wired), 0.5), wired, 70 * S);
    expect(slow.playing).toBe(true);
    const fast = run(setSpeed(play(initialPlayer, wired), 8), wired, 9 * S);
    expect(atEnd(fast, wired)).toBe(true);
  });
});

describe('parked spells without a stop', () => {
  it('plays a long gap without fixes as a beat, naming the gap as its duration', () => {
    // Fixes 30 s apart, then two hours without any (a garage without coverage), then 30 s again.
    const tl = driveTimeline([0, 30 * S, 60 * S, 60 * S + 2 * H, 90 * S + 2 * H]);
    expect(tl.offsets[3]! - tl.offsets[2]!).toBe(PARK_BEAT_MS);
    expect(tl.parks).toEqual([{ from: tl.offsets[2], to: tl.offsets[3], fix: 2, until: 3, durationMs: 2 * H, stop: null }]);
    expect(tl.offsets[1]).toBeCloseTo((30 * S) / DRIVE_RATE);
  });

  it('keeps the gaps of driving, even slow driving, as driving', () => {
    const tl = driveTimeline([0, 4 * MIN, 8 * MIN]);
    expect(tl.parks).toEqual([]);
    expect(timelineEnd(tl)).toBeCloseTo((8 * MIN) / DRIVE_RATE);
  });
});

describe('track player', () => {
  const tl = driveTimeline([0, 30 * S, 60 * S, 60 * S + 2 * H, 90 * S + 2 * H]);

  it('does not move until played', () => {
    expect(run(initialPlayer, tl, 5 * S)).toEqual(initialPlayer);
  });

  it('stays where it was paused', () => {
    const paused = pause(run(play(initialPlayer, tl), tl, 300));
    expect(run(paused, tl, 10 * S)).toEqual(paused);
    expect(positionAt(tl, paused.clock).index).toBe(1);
  });

  it('seeks to a fix, or to a point of the progress bar, and plays on from there', () => {
    const p = seek(play(initialPlayer, tl), tl, 3);
    expect(positionAt(tl, p.clock)).toEqual({ index: 3, fraction: 0 });
    expect(p.playing).toBe(true);
    expect(positionAt(tl, seek(p, tl, 99).clock).index).toBe(4);
    expect(positionAt(tl, seek(p, tl, -5).clock).index).toBe(0);
    const half = (tl.offsets[0]! + tl.offsets[1]!) / 2;
    expect(positionAt(tl, seekClock(p, tl, half).clock)).toEqual({ index: 0, fraction: 0.5 });
    expect(seekClock(p, tl, 1e9).clock).toBe(timelineEnd(tl));
    expect(seekClock(p, tl, -1).clock).toBe(0);
  });

  it('stops at the last fix, and starts again from the first when played at the end', () => {
    const done = run(play(initialPlayer, tl), tl, 5 * S);
    expect(done.playing).toBe(false);
    expect(atEnd(done, tl)).toBe(true);
    expect(positionAt(tl, done.clock)).toEqual({ index: 4, fraction: 0 });
    expect(play(done, tl)).toMatchObject({ playing: true, clock: 0 });
  });

  it('does not jump ahead after a long frame (a tab in the background)', () => {
    expect(tick(play(initialPlayer, tl), tl, 60 * S).clock).toBe(MAX_FRAME_MS);
  });

  it('cannot play a track of fewer than two fixes', () => {
    expect(play(initialPlayer, driveTimeline([5])).playing).toBe(false);
    expect(play(initialPlayer, driveTimeline([])).playing).toBe(false);
  });

  it('steps a wireless track from fix to fix without gliding between them', () => {
    const wireless = stepTimeline(3);
    const p = run(play(initialPlayer, wireless), wireless, STEP_MS * 1.5);
    expect(positionAt(wireless, p.clock)).toEqual({ index: 1, fraction: 0 });
    expect(positionAt(wireless, run(p, wireless, STEP_MS).clock)).toEqual({ index: 2, fraction: 0 });
  });
});

describe('fixTimeMs', () => {
  it('reads the replay time format, differences coming out in milliseconds', () => {
    expect(fixTimeMs('2026-11-20 09:00:00')).toBe(Date.UTC(2026, 10, 20, 9, 0, 0));
    expect(fixTimeMs('2026-12-31 23:59:59') - fixTimeMs('2026-12-31 23:58:29')).toBe(90_000);
    expect(fixTimeMs('2027-01-01 00:00:00') - fixTimeMs('2026-12-31 23:59:59')).toBe(1000);
  });
});
