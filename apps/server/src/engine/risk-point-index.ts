import { distanceM } from '@cvrisk/contracts';
import { CONTEXT_TTL_MS } from './context.js';
import type { EngineRiskPointRepository } from './risk-point.repository.js';
import type { NearPoint } from './rules/risk-point-stay.js';

type Point = Omit<NearPoint, 'distanceM'> & { deptId: number };

/** Grid cells of 0.01° (about 1 km): a lookup reads the few cells around a fix, not every point. */
const PER_DEGREE = 100;
const METRES_PER_DEGREE = 111_195;
const key = (x: number, y: number) => x * 100_000 + y;

/** The grid itself: pure, so the rule tests build one from a list. */
export function buildPointGrid(points: readonly Point[]) {
  const cells = new Map<number, Point[]>();
  for (const p of points) {
    const k = key(Math.floor(p.lng * PER_DEGREE), Math.floor(p.lat * PER_DEGREE));
    const list = cells.get(k);
    if (list) list.push(p);
    else cells.set(k, [p]);
  }
  /** The nearest point within `radiusM` whose owner is one of `owners` (the device's department and those above it). */
  return function nearest(lng: number, lat: number, radiusM: number, owners: ReadonlySet<number>): NearPoint | null {
    if (cells.size === 0) return null;
    const reachY = Math.ceil((radiusM / METRES_PER_DEGREE) * PER_DEGREE);
    const reachX = Math.ceil(reachY / Math.max(0.1, Math.cos((lat * Math.PI) / 180)));
    const cx = Math.floor(lng * PER_DEGREE);
    const cy = Math.floor(lat * PER_DEGREE);
    let best: NearPoint | null = null;
    for (let x = cx - reachX; x <= cx + reachX; x++) {
      for (let y = cy - reachY; y <= cy + reachY; y++) {
        const list = cells.get(key(x, y));
        if (!list) continue;
        for (const p of list) {
          if (!owners.has(p.deptId)) continue;
          const d = distanceM(lng, lat, p.lng, p.lat);
          if (d <= radiusM && (!best || d < best.distanceM)) best = { id: p.id, name: p.name, category: p.category, lng: p.lng, lat: p.lat, distanceM: d };
        }
      }
    }
    return best;
  };
}

export type NearestPoint = ReturnType<typeof buildPointGrid>;

/** Every risk point, re-read on the context clock so new and moved points apply within a minute. */
export function createRiskPointIndex(repo: EngineRiskPointRepository, now: () => number = Date.now) {
  let grid: NearestPoint = buildPointGrid([]);
  let loadedAt = -Infinity;
  return {
    async refresh(): Promise<void> {
      if (now() - loadedAt < CONTEXT_TTL_MS) return;
      const rows = await repo.all();
      grid = buildPointGrid(rows.map((r) => ({ id: r.id, deptId: r.dept_id, name: r.name, category: r.category, lng: r.lng, lat: r.lat })));
      loadedAt = now();
    },
    nearest: ((lng, lat, radiusM, owners) => grid(lng, lat, radiusM, owners)) as NearestPoint,
  };
}

export type RiskPointIndex = ReturnType<typeof createRiskPointIndex>;
