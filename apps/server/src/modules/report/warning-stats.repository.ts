import type { Db } from '../../db/database.js';
import { countKey, createCountCache } from '../../lib/count-cache.js';
import type { Scope } from '../../lib/scope.js';
import { deviceIdsIn, type CarFilter } from './report-cars.js';

export type StatsFilter = CarFilter & { fromMs: number; toMs: number };
/** Who a statistic groups by: the dealer a device belongs to, or the installer company that fitted it. */
export type StatsBy = 'dealer' | 'installer';

const column = { dealer: 'd.dept_id', installer: 'd.installer_dept_id' } as const;

type Counts = {
  warnings: { deptId: number; warningType: number; count: number }[];
  devices: Map<number, number>;
  names: Map<number, string>;
};

/**
 * Warnings in a period by type and department, and the fitted devices of each department, within
 * scope. A month of a large fleet's warnings takes tens of milliseconds to add up, and the figures
 * move slowly: each (scope, filters) is added up once and reused for a few seconds (lib/count-cache).
 */
export function createWarningStatsRepository(db: Db) {
  const cache = createCountCache<Counts>();

  async function count(scope: Scope, f: StatsFilter, by: StatsBy): Promise<Counts> {
    const group = column[by];
    const ids = deviceIdsIn(db, scope, f);
    let warnings = db.selectFrom('warning as w').innerJoin('device as d', 'd.id', 'w.device_id')
      .where('w.warning_time', '>=', f.fromMs).where('w.warning_time', '<=', f.toMs).where(group, 'is not', null);
    let devices = db.selectFrom('device as d').where('d.car_id', 'is not', null).where(group, 'is not', null);
    if (ids) {
      warnings = warnings.where('w.device_id', 'in', ids);
      devices = devices.where('d.id', 'in', ids);
    }
    const [w, d] = await Promise.all([
      warnings.groupBy([group, 'w.warning_type']).select([`${group} as dept_id`, 'w.warning_type', (eb) => eb.fn.countAll<number>().as('n')]).execute(),
      devices.groupBy(group).select([`${group} as dept_id`, (eb) => eb.fn.countAll<number>().as('n')]).execute(),
    ]);
    const deptIds = [...new Set([...w, ...d].map((r) => r.dept_id as number))];
    const names = deptIds.length ? await db.selectFrom('dept').select(['id', 'name']).where('id', 'in', deptIds).execute() : [];
    return {
      warnings: w.map((r) => ({ deptId: r.dept_id as number, warningType: r.warning_type, count: Number(r.n) })),
      devices: new Map(d.map((r) => [r.dept_id as number, Number(r.n)])),
      names: new Map(names.map((n) => [n.id, n.name])),
    };
  }

  return {
    counts: (scope: Scope, f: StatsFilter, by: StatsBy) => cache.get(countKey(scope, { ...f, by }), () => count(scope, f, by)),
  };
}

export type WarningStatsRepository = ReturnType<typeof createWarningStatsRepository>;
