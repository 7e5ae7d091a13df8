import { distanceM } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { clusterStops, commonArea, frequentStops, homePlaces, workPlaces, type MoveFix, type StopSpan } from './analysis.js';

/** Epoch ms of a Shanghai wall-clock time in November 2026 (16th is a Monday). */
const local = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour - 8, minute);
const HOUR = 3_600_000;

const HOME = { lng: 120.15, lat: 30.28 };
const WORK = { lng: 120.2, lat: 30.25 };
const MALL = { lng: 120.1, lat: 30.3 };
/** `m` metres east of a place. */
const east = (p: { lng: number; lat: number }, m: number) => ({ lng: p.lng + m / (111_320 * Math.cos((p.lat * Math.PI) / 180)), lat: p.lat });
const stop = (start: number, end: number, at: { lng: number; lat: number }): StopSpan => ({ start, end, ...at });

describe('stop clustering', () => {
  it('joins stops within 200 m and keeps a stop 1 km away apart, centred on where the car stood longest', () => {
    const clusters = clusterStops([
      stop(local(16, 8), local(16, 18), HOME),
      stop(local(17, 8), local(17, 9), east(HOME, 150)),
      stop(local(18, 8), local(18, 9), east(HOME, 1000)),
    ]);
    expect(clusters.map((c) => c.stops.length)).toEqual([2, 1]);
    expect(distanceM(clusters[0]!.lng, clusters[0]!.lat, HOME.lng, HOME.lat)).toBeLessThan(20);
  });
});

describe('suspected home places', () => {
  it('finds the place where the car spends the Shanghai night (22:00–05:00) on several nights', () => {
    const nights = [16, 17, 18].map((d) => stop(local(d, 21, 30), local(d + 1, 7, 30), east(HOME, d * 10)));
    const hotel = stop(local(19, 22), local(20, 6), MALL);
    const places = homePlaces([...nights, hotel, stop(local(20, 12), local(20, 14), HOME)]);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ count: 3 });
    expect(distanceM(places[0]!.lng, places[0]!.lat, HOME.lng, HOME.lat)).toBeLessThan(200);
  });

  it('reads the night in Shanghai time: stops over the UTC night (Shanghai morning) are no home', () => {
    const utcNights = [16, 17, 18].map((d) => stop(Date.UTC(2026, 10, d, 22), Date.UTC(2026, 10, d + 1, 5), HOME));
    expect(homePlaces(utcNights)).toEqual([]);
  });

  it('does not count a night the car was there for less than half of the window', () => {
    const short = [16, 17, 18].map((d) => stop(local(d, 23, 30), local(d + 1, 2), HOME));
    expect(homePlaces(short)).toEqual([]);
  });
});

describe('suspected work places', () => {
  it('finds the weekday 09:00–17:00 place, not the weekend one', () => {
    const weekdays = [16, 17, 18].map((d) => stop(local(d, 8, 45), local(d, 17, 30), WORK));
    const weekends = [21, 22, 28, 29].map((d) => stop(local(d, 9), local(d, 17), MALL));
    const places = workPlaces([...weekdays, ...weekends]);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ lng: WORK.lng, lat: WORK.lat, count: 3, totalMs: 3 * 8 * HOUR });
  });

  it('adds the morning and afternoon stops of one day at the same place', () => {
    const split = [16, 17].flatMap((d) => [stop(local(d, 9), local(d, 12), WORK), stop(local(d, 13), local(d, 17), east(WORK, 50))]);
    expect(workPlaces(split)).toMatchObject([{ count: 2, totalMs: 2 * 7 * HOUR }]);
  });
});

describe("this week's frequent stops", () => {
  const from = local(16, 0);
  const to = local(23, 0);

  it('ranks places by number of stops, then total time, and ignores stops before the week', () => {
    const places = frequentStops([
      stop(local(16, 10), local(16, 10, 20), MALL),
      stop(local(17, 10), local(17, 10, 30), east(MALL, 120)),
      stop(local(18, 10), local(18, 10, 10), east(MALL, 60)),
      stop(local(19, 18), local(20, 8), HOME),
      stop(local(10, 10), local(10, 11), WORK),
    ], from, to);
    expect(places.map((p) => [p.count, p.totalMs])).toEqual([[3, 60 * 60_000], [1, 14 * HOUR]]);
  });

  it('counts only the part of a stop inside the week', () => {
    expect(frequentStops([stop(local(15, 20), local(16, 2), HOME)], from, to)).toMatchObject([{ count: 1, totalMs: 2 * HOUR }]);
  });
});

describe('common vehicle area', () => {
  it('puts the cell where the car stood longest first, then the cells it drove through, weighting fixes by time', () => {
    const stops = [stop(local(16, 20), local(17, 6), HOME)];
    const drive: MoveFix[] = Array.from({ length: 121 }, (_, i) => ({ t: local(17, 7) + i * 30_000, ...east(WORK, i) }));
    const cells = commonArea(stops, drive, local(16, 0), local(23, 0));
    expect(cells[0]).toMatchObject({ lng: HOME.lng, lat: HOME.lat, ms: 10 * HOUR });
    expect(cells[1]!.ms).toBe(HOUR);
  });

  it('caps the time one moving fix stands for, and skips fixes inside a stop', () => {
    const moves: MoveFix[] = [{ t: local(17, 7), ...WORK }, { t: local(17, 12), ...MALL }, { t: local(17, 12, 1), ...MALL }];
    const cells = commonArea([stop(local(17, 11, 59), local(17, 12, 30), MALL)], moves, local(16, 0), local(23, 0));
    expect(cells.map((c) => c.ms)).toEqual([31 * 60_000, 5 * 60_000]);
  });
});
