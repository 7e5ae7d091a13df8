import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRIVE_RATE, PARK_BEAT_MS, driveTimeline } from './trackPlayer';
import { usePlayback } from './usePlayback';

/** Animation frames run by hand, on a clock the test moves. */
let frames = new Map<number, FrameRequestCallback>();
let nextId = 1;
let now = 1000;

beforeEach(() => {
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    frames.set(nextId, cb);
    return nextId++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function frame(ms: number) {
  now += ms;
  const due = [...frames.values()];
  frames.clear();
  act(() => due.forEach((cb) => cb(now)));
}

const H = 3_600_000;
/** 15 s hops of driving, as a timeline: each takes 15 s / DRIVE_RATE (0.1 s) at 1×. */
const hop = 15_000;
const timeline = driveTimeline([0, hop, 2 * hop]);
const hopMs = hop / DRIVE_RATE;

describe('usePlayback', () => {
  it('moves the replay with the frames while playing, at the chosen speed', () => {
    const { result } = renderHook(() => usePlayback(timeline));
    act(() => result.current.play());
    frame(hopMs / 2);
    expect(result.current).toMatchObject({ index: 0, fraction: 0.5 });
    act(() => result.current.setSpeed(2));
    frame(hopMs / 2);
    expect(result.current).toMatchObject({ index: 1, fraction: 0.5 });
  });

  it('has the car on the road within a second of play after a night parked, showing the night as it passes', () => {
    // Parked from midnight (a fix every 15 min until 08:00), then driving.
    const night = Array.from({ length: 33 }, (_, i) => i * 900_000);
    const drive = Array.from({ length: 100 }, (_, i) => 8 * H + (i + 1) * 15_000);
    const day = driveTimeline([...night, ...drive], [{ startMs: 0, endMs: 8 * H, durationMs: 8 * H }]);
    const { result } = renderHook(() => usePlayback(day));
    expect(result.current.park).toMatchObject({ durationMs: 8 * H });
    act(() => result.current.play());
    // Frames of 50 ms: half the beat, then the rest of the first second.
    for (let t = 0; t < PARK_BEAT_MS / 2; t += 50) frame(50);
    expect(result.current.index).toBeLessThan(33);
    for (let t = PARK_BEAT_MS / 2; t < 1000; t += 50) frame(50);
    expect(result.current.index).toBeGreaterThan(32);
  });

  it('asks for no more frames once paused or at the end', () => {
    const { result } = renderHook(() => usePlayback(timeline));
    act(() => result.current.play());
    frame(10);
    act(() => result.current.pause());
    expect(frames.size).toBe(0);
    act(() => result.current.setSpeed(16));
    act(() => result.current.play());
    for (let i = 0; i < 10; i++) frame(100);
    expect(result.current.player.playing).toBe(false);
    expect(result.current.index).toBe(2);
    expect(frames.size).toBe(0);
  });

  it('seeks along the progress bar', () => {
    const { result } = renderHook(() => usePlayback(timeline));
    expect(result.current.end).toBeCloseTo(2 * hopMs);
    act(() => result.current.seekClock(hopMs * 1.25));
    expect(result.current.index).toBe(1);
    expect(result.current.fraction).toBeCloseTo(0.25);
  });
});
