import {
  FENCE_LIMITS, formatTime, openRing, polygonDefect,
  type FenceAlarmOn, type FenceBindListQuery, type FenceBindRequest, type FenceBindResult, type FenceBoundCar, type FenceItem,
  type FenceListQuery, type FenceOutline, type FenceQuickItem, type FenceQuickQuery, type FenceSave, type PageResult, type PolygonDefect,
} from '@cvrisk/contracts';
import { badInput, notFound } from '../../lib/errors.js';
import { isOwn, type Viewer } from '../../lib/shared-scope.js';
import type { FenceRepository, FenceRow } from './fence.repository.js';

/** The bind dialog's search shows this many fences at most. */
export const FENCE_QUICK_LIMIT = 50;

const DEFECT_MESSAGES: Record<PolygonDefect, string> = {
  repeatedVertex: '多边形围栏有重复的顶点，请重新绘制',
  selfIntersection: '多边形围栏的边不能相交，请重新绘制',
};

const NOT_FOUND = '围栏不存在';
const SHARED = '该围栏由上级机构共享，只能查看和绑定，不能修改或删除';

/** Stored rows hold the geometry as JSON text; the contract carries it as an object. */
function shapeOf(r: Pick<FenceRow, 'shape' | 'geometry'>): FenceOutline {
  return { shape: r.shape, geometry: JSON.parse(r.geometry) } as FenceOutline;
}

function toItem(r: FenceRow, viewer: Viewer): FenceItem {
  return {
    id: r.id,
    name: r.name,
    alarmOn: r.alarm_on as FenceAlarmOn,
    deptId: r.dept_id,
    deptName: r.dept_name,
    boundCount: r.bound_count,
    createTime: formatTime(r.created_at),
    own: isOwn(viewer, r.dept_id),
    ...shapeOf(r),
  };
}

/** The shape as it will be stored: a polygon sent as a closed ring loses its repeated last point. */
function checkedShape(input: FenceSave): FenceOutline {
  if (input.shape === 'circle') return { shape: 'circle', geometry: input.geometry };
  const points = openRing(input.geometry.points);
  if (points.length < FENCE_LIMITS.minVertices) throw badInput(`多边形至少${FENCE_LIMITS.minVertices}个顶点`);
  const defect = polygonDefect(points);
  if (defect) throw badInput(DEFECT_MESSAGES[defect]);
  return { shape: 'polygon', geometry: { points } };
}

export function createFenceService(repo: FenceRepository, now: () => number = Date.now) {
  /** A fence the caller may see, or 404. */
  async function visibleFence(viewer: Viewer, id: number): Promise<FenceRow> {
    const fence = await repo.find(viewer, id);
    if (!fence) throw notFound(NOT_FOUND);
    return fence;
  }

  return {
    async list(viewer: Viewer, q: FenceListQuery): Promise<PageResult<FenceItem>> {
      const { rows, count } = await repo.page(viewer, q.name, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      return { list: rows.map((r) => toItem(r, viewer)), count };
    },

    /** Creates a fence of the caller's department, or changes one of their own. */
    async save(viewer: Viewer, input: FenceSave): Promise<FenceItem> {
      const shape = checkedShape(input);
      const values = { name: input.name, shape: shape.shape, geometry: JSON.stringify(shape.geometry), alarm_on: input.alarmOn };
      let id = input.id;
      if (id === undefined) {
        if (await repo.nameTaken(viewer.deptId, input.name)) throw badInput(`围栏名称“${input.name}”已存在`);
        id = await repo.insert(viewer.deptId, values, now());
      } else {
        const existing = await visibleFence(viewer, id);
        if (!isOwn(viewer, existing.dept_id)) throw notFound(SHARED);
        if (await repo.nameTaken(existing.dept_id, input.name, id)) throw badInput(`围栏名称“${input.name}”已存在`);
        if (!(await repo.updateOwn(viewer.scope, id, values))) throw notFound(NOT_FOUND);
      }
      return toItem(await visibleFence(viewer, id), viewer);
    },

    /** All or nothing: a list with a fence that is not the caller's own deletes none. */
    async remove(viewer: Viewer, ids: number[]): Promise<number> {
      const wanted = [...new Set(ids)];
      const own = new Set(await repo.ownIds(viewer.scope, wanted));
      const refused = wanted.filter((id) => !own.has(id));
      if (refused.length > 0) throw notFound(`围栏不存在或由上级机构共享，不能删除：${refused.join(',')}`);
      return repo.deleteOwn(viewer.scope, wanted);
    },

    async boundCars(viewer: Viewer, q: FenceBindListQuery): Promise<PageResult<FenceBoundCar>> {
      await visibleFence(viewer, q.fenceid);
      const { rows, count } = await repo.boundCars(viewer.scope, q.fenceid, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      return {
        list: rows.map((r) => ({
          deviceNumber: r.device_number,
          deviceKind: r.kind as 1 | 2,
          plateNumber: r.plate_number,
          carFrameNumber: r.frame_number,
          customerName: r.customer_name,
          bindTime: formatTime(r.created_at),
        })),
        count,
      };
    },

    async quick(viewer: Viewer, q: FenceQuickQuery): Promise<FenceQuickItem[]> {
      let deviceId: number | null = null;
      if (q.deviceNumber) {
        const [device] = await repo.devicesInScope(viewer.scope, [q.deviceNumber]);
        if (!device) throw notFound('设备不存在');
        deviceId = device.id;
      }
      const rows = await repo.quick(viewer, q.keyword, deviceId, FENCE_QUICK_LIMIT);
      return rows.map((r) => ({ id: r.id, name: r.name, shape: r.shape as FenceQuickItem['shape'], alarmOn: r.alarm_on as FenceAlarmOn, bound: r.bound }));
    },

    /**
     * Binds (or unbinds) the caller's devices to a fence they can see, shared ones included.
     * Numbers that are unknown or outside the caller's scope are answered back, not guessed at.
     */
    async setBinding(viewer: Viewer, req: FenceBindRequest, bound: boolean): Promise<FenceBindResult> {
      await visibleFence(viewer, req.fenceId);
      const numbers = [...new Set(req.deviceNumbers)];
      const devices = await repo.devicesInScope(viewer.scope, numbers);
      const known = new Set(devices.map((d) => d.device_number));
      const ids = devices.map((d) => d.id);
      let changed = 0;
      if (ids.length > 0) changed = bound ? await repo.bind(req.fenceId, ids, now()) : await repo.unbind(req.fenceId, ids);
      return { changed, notFound: numbers.filter((n) => !known.has(n)) };
    },
  };
}

export type FenceService = ReturnType<typeof createFenceService>;
