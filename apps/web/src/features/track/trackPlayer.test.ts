import { describe, expect, it } from 'vitest';
import {
  GAP_CAP_MS,
  MAX_FRAME_MS,
  STEP_MS,
  atEnd,
  fixTimeMs,
  initialPlayer,
  pause,
  play,
  positionAt,
  seek,
  setSpeed,
  stepTimeline,
  tick,
  timeTimeline,
  type Player,
  type Timeline,
} from './trackPlayer';

const S = 1000;
// Fixes 30 s apart, then a 2-hour gap, then 30 s again.
const times = [0, 30 * S, 60 * S, 60 * S + 2 * 3600 * S, 90 * S + 2 * 3600 * S];
const wired = timeTimeline(times);

/** Runs frames of 100 ms until `ms` of real time have passed. */
function run(p: Player, tl: Timeline, ms: number): Player {
  let next = p;
  for (let t = 0; t < ms; t += 100) next = tick(next, tl, 100);
  return next;
}

describe('track player', () => {
  it('does not move until played, and moves at real time between fixes at 1×', () => {
    expect(run(initialPlayer, wired, 5 * S)).toEqual(initialPlayer);
    const p = run(play(initialPlayer, wired), wired, 15 * S);
    expect(p.playing).toBe(true);
    expect(positionAt(wired, p.clock)).toEqual({ index: 0, fraction: 0.5 });
  });

  it('stays where it was paused', () => {
    const paused = pause(run(play(initialPlayer, wired), wired, 45 * S));
    expect(run(paused, wired, 10 * S)).toEqual(paused);
    expect(positionAt(wired, paused.clock).index).toBe(1);
  });

  it('goes speed times as fast after a speed change', () => {
    const p = run(setSpeed(play(initialPlayer, wired), 4), wired, 10 * S);
    expect(positionAt(wired, p.clock)).toEqual({ index: 1, fraction: 1 / 3 });
  });

  it('plays a long gap as GAP_CAP_MS of replay time instead of hours', () => {
    expect(wired.offsets[3]! - wired.offsets[2]!).toBe(GAP_CAP_MS);
    // At 32× the two hours parked pass in under two seconds.
    const p = run(setSpeed(seek(play(initialPlayer, wired), wired, 2), 32), wired, 2 * S);
    expect(positionAt(wired, p.clock).index).toBe(3);
  });

  it('seeks to a fix and plays on from there', () => {
    const p = seek(play(initialPlayer, wired), wired, 3);
    expect(positionAt(wired, p.clock)).toEqual({ index: 3, fraction: 0 });
    expect(p.playing).toBe(true);
    expect(positionAt(wired, seek(p, wired, 99).clock).index).toBe(4);
    expect(positionAt(wired, seek(p, wired, -5).clock).index).toBe(0);
  });

  it('stops at the last fix, and starts again from the first when played at the end', () => {
    const done = run(setSpeed(play(initialPlayer, wired), 32), wired, 20 * S);
    expect(done.playing).toBe(false);
    expect(atEnd(done, wired)).toBe(true);
    expect(positionAt(wired, done.clock)).toEqual({ index: 4, fraction: 0 });
    const again = play(done, wired);
    expect(again).toMatchObject({ playing: true, clock: 0 });
  });

  it('does not jump ahead after a long frame (a tab in the background)', () => {
    const p = tick(play(initialPlayer, wired), wired, 60 * S);
    expect(p.clock).toBe(MAX_FRAME_MS);
  });

  it('cannot play a track of fewer than two fixes', () => {
    expect(play(initialPlayer, timeTimeline([5])).playing).toBe(false);
    expect(play(initialPlayer, timeTimeline([])).playing).toBe(false);
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
