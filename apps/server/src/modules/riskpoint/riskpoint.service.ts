import {
  boundingBox, distanceM, formatTime,
  type PageResult, type RiskPointCategory, type RiskPointItem, type RiskPointListQuery, type RiskPointNearQuery, type RiskPointSave,
} from '@cvrisk/contracts';
import { toGcj02 } from '../../lib/coords.js';
import { notFound } from '../../lib/errors.js';
import { isOwn, type Ownership, type Viewer } from '../../lib/shared-scope.js';
import type { RiskPointRepository, RiskPointRow } from './riskpoint.repository.js';

/** A near query answers at most this many points (the nearest): a map cannot show more usefully. */
export const RISK_POINT_NEAR_LIMIT = 500;

const NOT_FOUND = '风险点不存在';
const SHARED = '该风险点由上级机构共享，只能查看，不能修改或删除';

function toItem(r: RiskPointRow, viewer: Viewer, distance?: number): RiskPointItem {
  const [gaodeLng, gaodeLat] = toGcj02(r.lng, r.lat);
  return {
    id: r.id,
    name: r.name,
    category: r.category as RiskPointCategory,
    lng: r.lng,
    lat: r.lat,
    gaodeLng,
    gaodeLat,
    address: r.address,
    deptId: r.dept_id,
    deptName: r.dept_name,
    own: isOwn(viewer, r.dept_id),
    createTime: formatTime(r.created_at),
    ...(distance === undefined ? {} : { distance }),
  };
}

export function createRiskPointService(repo: RiskPointRepository, now: () => number = Date.now) {
  return {
    /** Own or shared points within `distance` metres of a WGS-84 point, nearest first. */
    async near(viewer: Viewer, only: Ownership, q: RiskPointNearQuery): Promise<RiskPointItem[]> {
      const candidates = await repo.inBox(viewer, only, boundingBox(q.lng, q.lat, q.distance), q.category);
      return candidates
        .map((r) => ({ r, d: distanceM(q.lng, q.lat, r.lng, r.lat) }))
        .filter(({ d }) => d <= q.distance)
        .sort((a, b) => a.d - b.d || a.r.id - b.r.id)
        .slice(0, RISK_POINT_NEAR_LIMIT)
        .map(({ r, d }) => toItem(r, viewer, Math.round(d)));
    },

    async list(viewer: Viewer, q: RiskPointListQuery): Promise<PageResult<RiskPointItem>> {
      const { rows, count } = await repo.page(viewer, q);
      return { list: rows.map((r) => toItem(r, viewer)), count };
    },

    /** Creates a point of the caller's department, or changes one of their own. */
    async save(user: Viewer & { id: number }, input: RiskPointSave): Promise<RiskPointItem> {
      const values = { name: input.name, category: input.category, lng: input.lng, lat: input.lat, address: input.address };
      let id = input.id;
      if (id === undefined) {
        id = await repo.insert(user.deptId, user.id, values, now());
      } else {
        const existing = await repo.find(user, id);
        if (!existing) throw notFound(NOT_FOUND);
        if (!isOwn(user, existing.dept_id)) throw notFound(SHARED);
        if (!(await repo.updateOwn(user.scope, id, values))) throw notFound(NOT_FOUND);
      }
      const saved = await repo.find(user, id);
      if (!saved) throw notFound(NOT_FOUND);
      return toItem(saved, user);
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      if (await repo.deleteOwn(viewer.scope, id)) return;
      const existing = await repo.find(viewer, id);
      throw notFound(existing ? SHARED : NOT_FOUND);
    },
  };
}

export type RiskPointService = ReturnType<typeof createRiskPointService>;
