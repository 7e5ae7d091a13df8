import { DEFAULT_RISK_WARNING_CONFIG } from '@cvrisk/contracts';
import type { Fix, Thresholds } from '../engine/types.js';

/** Constructed tracks for the risk engine's rule tests. */
export const MIN = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
/** Monday 2026-11-16 10:00 in Asia/Shanghai. */
export const T0 = Date.UTC(2026, 10, 16, 2, 0, 0);
export const TH: Thresholds = DEFAULT_RISK_WARNING_CONFIG;

/** West Lake, Hangzhou (浙江省杭州市), and places around it. */
export const HANGZHOU = { lng: 120.155, lat: 30.274 };
/** Suzhou city centre (江苏省苏州市). */
export const SUZHOU = { lng: 120.585, lat: 31.299 };
/** Ningbo city centre (浙江省宁波市). */
export const NINGBO = { lng: 121.55, lat: 29.875 };

export type At = { lng: number; lat: number };

export function fix(t: number, at: At, o: Partial<Fix> = {}): Fix {
  return { t, lng: at.lng, lat: at.lat, speed: 0, acc: 0, battery: null, alarmWord: 0, modelAlarms: 0, ...o };
}

/** The point east and north of another by the given metres. */
export function offset(p: At, eastM: number, northM: number): At {
  return { lng: p.lng + eastM / (111_320 * Math.cos((p.lat * Math.PI) / 180)), lat: p.lat + northM / 110_574 };
}

/** A parked car's fixes at one place, every `everyMs` over [from, to]. */
export function parked(from: number, to: number, at: At, everyMs = 15 * MIN, o: Partial<Fix> = {}): Fix[] {
  const out: Fix[] = [];
  for (let t = from; t <= to; t += everyMs) out.push(fix(t, at, o));
  return out;
}

export const withThresholds = (change: (th: Thresholds) => void): Thresholds => {
  const th = structuredClone(TH);
  change(th);
  return th;
};
