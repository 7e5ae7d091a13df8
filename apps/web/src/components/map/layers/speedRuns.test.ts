import { describe, expect, it } from 'vitest';
import { speedBand, speedRuns } from './speedRuns';

describe('speedBand', () => {
  it.each([
    [0, 0],
    [29.9, 0],
    [30, 1],
    [59, 1],
    [60, 2],
    [89.9, 2],
    [90, 3],
    [180, 3],
  ])('%f km/h → band %i', (speed, band) => expect(speedBand(speed)).toBe(band));
});

describe('speedRuns', () => {
  it('joins consecutive segments of one band and lets neighbouring runs share their boundary fix', () => {
    // Segments take the speed of their end fix: 0→10 (green), 10→45 (blue), 45→50 (blue), 50→95 (red), 95→20 (green)
    expect(speedRuns([0, 10, 45, 50, 95, 20])).toEqual([
      { band: 0, from: 0, to: 1 },
      { band: 1, from: 1, to: 3 },
      { band: 3, from: 3, to: 4 },
      { band: 0, from: 4, to: 5 },
    ]);
  });

  it('draws a track of one band as one run covering every fix', () => {
    expect(speedRuns([40, 41, 42, 43, 44])).toEqual([{ band: 1, from: 0, to: 4 }]);
  });

  it('has nothing to draw for fewer than two fixes', () => {
    expect(speedRuns([])).toEqual([]);
    expect(speedRuns([50])).toEqual([]);
  });

  it('covers 100,000 fixes with runs that tile the whole track', () => {
    const speeds = Array.from({ length: 100_000 }, (_, i) => (Math.floor(i / 50) % 4) * 30 + 5);
    const runs = speedRuns(speeds);
    expect(runs[0]!.from).toBe(0);
    expect(runs[runs.length - 1]!.to).toBe(99_999);
    expect(runs.every((r, i) => i === 0 || r.from === runs[i - 1]!.to)).toBe(true);
    expect(runs.length).toBe(2000);
  });
});
