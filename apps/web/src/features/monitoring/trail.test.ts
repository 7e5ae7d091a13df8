import { formatTime, type MonitorDevice } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { appendLive, TRAIL_MAX_POINTS, type TrailPoint } from './trail';

const T0 = Date.UTC(2025, 0, 2, 2, 0, 0);
const point = (ms: number): TrailPoint => ({ lng: 120, lat: 30, speed: 10, direction: 0, gpsTime: formatTime(ms) });
const update = (ms: number | null, change: Partial<MonitorDevice> = {}): MonitorDevice => ({
  id: 1, deviceNumber: '1', deviceKind: 1, state: 'moving', deptId: 1, plateNumber: null,
  lng: 120.01, lat: 30.01, speed: 33, direction: 45, lastTime: ms, ...change,
});

describe('appendLive', () => {
  it('appends a newer fix with its speed and heading', () => {
    const next = appendLive([point(T0)], update(T0 + 10_000));
    expect(next).toHaveLength(2);
    expect(next[1]).toEqual({ lng: 120.01, lat: 30.01, speed: 33, direction: 45, gpsTime: formatTime(T0 + 10_000) });
  });

  it('ignores repeats, older fixes and devices without a position', () => {
    const trail = [point(T0)];
    expect(appendLive(trail, update(T0))).toBe(trail);
    expect(appendLive(trail, update(T0 - 1000))).toBe(trail);
    expect(appendLive(trail, update(null))).toBe(trail);
    expect(appendLive(trail, update(T0 + 1000, { lng: null }))).toBe(trail);
  });

  it('starts an empty trail and drops the oldest points past the cap', () => {
    expect(appendLive([], update(T0))).toHaveLength(1);
    const full = Array.from({ length: TRAIL_MAX_POINTS }, (_, i) => point(T0 + i * 1000));
    const next = appendLive(full, update(T0 + TRAIL_MAX_POINTS * 1000));
    expect(next).toHaveLength(TRAIL_MAX_POINTS);
    expect(next[0]!.gpsTime).toBe(formatTime(T0 + 1000));
  });
});
