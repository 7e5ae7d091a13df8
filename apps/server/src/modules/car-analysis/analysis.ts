import { CAR_ANALYSIS, distanceM } from '@cvrisk/contracts';

/**
 * The car analytics of server-behaviour §8 as pure functions over stops the telemetry pipeline
 * already derived (stationary — below 3 km/h or ignition off — for at least 5 minutes) and the
 * car's moving fixes. Local time is Asia/Shanghai, a fixed +08:00.
 */
export type StopSpan = { start: number; end: number; lng: number; lat: number };
/** A fix while driving (speed ≥ 3 km/h, ignition on). */
export type MoveFix = { t: number; lng: number; lat: number };
/** A place in WGS-84: `count` stops, or days on which the car was there through the window. */
export type Place = { lng: number; lat: number; count: number; totalMs: number };
export type Cell = { lng: number; lat: number; ms: number };
export type HourWindow = { fromHour: number; toHour: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const OFFSET_MS = 8 * HOUR_MS;
/** A moving fix stands for the time until the next one, but never more than this (a gap is not driving). */
const MOVE_GAP_CAP_MS = 5 * 60_000;

type Cluster = { lng: number; lat: number; weight: number; stops: StopSpan[] };

/**
 * Greedy clustering: each stop joins the nearest cluster whose centre is within `radiusM`, else
 * starts one. Centres are duration-weighted means, so a long night at home outweighs a drop-off
 * at the neighbour's gate.
 */
export function clusterStops(stops: readonly StopSpan[], radiusM: number = CAR_ANALYSIS.clusterM): Cluster[] {
  const clusters: Cluster[] = [];
  for (const s of [...stops].sort((a, b) => a.start - b.start)) {
    let best: Cluster | null = null;
    let bestD = Infinity;
    for (const c of clusters) {
      const d = distanceM(c.lng, c.lat, s.lng, s.lat);
      if (d <= radiusM && d < bestD) [best, bestD] = [c, d];
    }
    const w = Math.max(1, s.end - s.start);
    if (!best) {
      clusters.push({ lng: s.lng, lat: s.lat, weight: w, stops: [s] });
      continue;
    }
    const total = best.weight + w;
    best.lng = (best.lng * best.weight + s.lng * w) / total;
    best.lat = (best.lat * best.weight + s.lat * w) / total;
    best.weight = total;
    best.stops.push(s);
  }
  return clusters;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/** Local midnight (epoch ms) of the day holding `ms`. */
export const localMidnight = (ms: number) => Math.floor((ms + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
/** 0 Sunday … 6 Saturday, local. */
const localWeekday = (ms: number) => new Date(ms + OFFSET_MS).getUTCDay();

/**
 * How much of each daily window a stop covers, by the window's day (its local midnight). A window
 * over midnight (22:00–05:00) belongs to the day it starts on.
 */
export function windowCover(s: StopSpan, w: HourWindow, weekdaysOnly: boolean): Map<number, number> {
  const out = new Map<number, number>();
  const len = ((w.toHour - w.fromHour + 24) % 24) * HOUR_MS;
  for (let day = localMidnight(s.start) - DAY_MS; day <= s.end; day += DAY_MS) {
    if (weekdaysOnly && [0, 6].includes(localWeekday(day))) continue;
    const from = day + w.fromHour * HOUR_MS;
    const ms = overlap(s.start, s.end, from, from + len);
    if (ms > 0) out.set(day, ms);
  }
  return out;
}

/**
 * Clusters of stops covering a daily window: a day counts for a place when its stops there cover
 * at least `coverShare` of the window; a place needs `minDays` such days. Ranked by days, then time.
 */
export function windowPlaces(stops: readonly StopSpan[], w: HourWindow, weekdaysOnly: boolean): Place[] {
  const len = ((w.toHour - w.fromHour + 24) % 24) * HOUR_MS;
  const covering = stops.filter((s) => windowCover(s, w, weekdaysOnly).size > 0);
  const places: Place[] = [];
  for (const c of clusterStops(covering)) {
    const byDay = new Map<number, number>();
    for (const s of c.stops) for (const [day, ms] of windowCover(s, w, weekdaysOnly)) byDay.set(day, (byDay.get(day) ?? 0) + ms);
    const days = [...byDay.values()].filter((ms) => ms >= len * CAR_ANALYSIS.coverShare);
    if (days.length < CAR_ANALYSIS.minDays) continue;
    places.push({ lng: c.lng, lat: c.lat, count: days.length, totalMs: days.reduce((a, b) => a + b, 0) });
  }
  return places.sort((a, b) => b.count - a.count || b.totalMs - a.totalMs).slice(0, CAR_ANALYSIS.maxPlaces);
}

/** Suspected home places: stops covering 22:00–05:00. */
export const homePlaces = (stops: readonly StopSpan[]) => windowPlaces(stops, CAR_ANALYSIS.night, false);
/** Suspected work places: weekday stops covering 09:00–17:00. */
export const workPlaces = (stops: readonly StopSpan[]) => windowPlaces(stops, CAR_ANALYSIS.work, true);

/** Stops in [from, to] clipped to it: a stop that began before the week counts only its part in it. */
const clipped = (stops: readonly StopSpan[], from: number, to: number): StopSpan[] =>
  stops.filter((s) => overlap(s.start, s.end, from, to) > 0 || (s.start >= from && s.start <= to))
    .map((s) => ({ ...s, start: Math.max(s.start, from), end: Math.min(s.end, to) }));

/** The week's stops clustered within 200 m, ranked by number of stops, then total duration. */
export function frequentStops(stops: readonly StopSpan[], from: number, to: number): Place[] {
  return clusterStops(clipped(stops, from, to))
    .map((c) => ({ lng: c.lng, lat: c.lat, count: c.stops.length, totalMs: c.stops.reduce((a, s) => a + s.end - s.start, 0) }))
    .sort((a, b) => b.count - a.count || b.totalMs - a.totalMs)
    .slice(0, CAR_ANALYSIS.maxStops);
}

/**
 * The grid cells where the car spent most time in [from, to]: parked time from the stops, driving
 * time from the moving fixes. Each cell answers the time-weighted mean of where the car was in it.
 */
export function commonArea(stops: readonly StopSpan[], moves: readonly MoveFix[], from: number, to: number, cellDeg: number = CAR_ANALYSIS.cellDeg): Cell[] {
  const cells = new Map<string, { ms: number; lng: number; lat: number }>();
  const add = (lng: number, lat: number, ms: number) => {
    if (ms <= 0) return;
    const key = `${Math.floor(lng / cellDeg)}:${Math.floor(lat / cellDeg)}`;
    const c = cells.get(key) ?? { ms: 0, lng: 0, lat: 0 };
    c.ms += ms;
    c.lng += lng * ms;
    c.lat += lat * ms;
    cells.set(key, c);
  };
  const week = clipped(stops, from, to);
  for (const s of week) add(s.lng, s.lat, s.end - s.start);
  const sorted = moves.filter((m) => m.t >= from && m.t <= to).sort((a, b) => a.t - b.t);
  sorted.forEach((m, i) => {
    if (week.some((s) => m.t >= s.start && m.t <= s.end)) return;
    const next = sorted[i + 1];
    add(m.lng, m.lat, next ? Math.min(next.t - m.t, MOVE_GAP_CAP_MS) : 0);
  });
  return [...cells.values()]
    .map((c) => ({ lng: c.lng / c.ms, lat: c.lat / c.ms, ms: c.ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, CAR_ANALYSIS.maxCells);
}
