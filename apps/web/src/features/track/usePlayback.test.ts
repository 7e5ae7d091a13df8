import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timeTimeline } from './trackPlayer';
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

const timeline = timeTimeline([0, 10_000, 20_000]);

describe('usePlayback', () => {
  it('moves the replay with the frames while playing, at the chosen speed', () => {
    const { result } = renderHook(() => usePlayback(timeline));
    act(() => result.current.play());
    for (let i = 0; i < 50; i++) frame(100);
    expect(result.current).toMatchObject({ index: 0, fraction: 0.5 });
    act(() => result.current.setSpeed(2));
    for (let i = 0; i < 50; i++) frame(100);
    expect(result.current).toMatchObject({ index: 1, fraction: 0.5 });
  });

  it('asks for no more frames once paused or at the end', () => {
    const { result } = renderHook(() => usePlayback(timeline));
    act(() => result.current.play());
    frame(100);
    act(() => result.current.pause());
    expect(frames.size).toBe(0);
    act(() => result.current.setSpeed(32));
    act(() => result.current.play());
    for (let i = 0; i < 10; i++) frame(100);
    expect(result.current.player.playing).toBe(false);
    expect(result.current.index).toBe(2);
    expect(frames.size).toBe(0);
  });
});
