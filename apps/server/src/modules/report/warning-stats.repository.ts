import type { Db } from '../../db/database.js';
import type { Scope } from '../../lib/scope.js';
import { carsIn, type CarFilter } from './report-cars.js';

export type StatsFilter = CarFilter & { fromMs: number; toMs: number };
/** Who a statistic groups by: the dealer a device belongs to, or the installer company that fitted it. */
export type StatsBy = 'dealer' | 'installer';

const column = { dealer: 'd.dept_id', installer: 'd.installer_dept_id' } as const;

/** Warnings in a period by type and department, and the fitted devices of each department, within scope. */
export function createWarningStatsRepository(db: Db) {
  return {
    async counts(scope: Scope, f: StatsFilter, by: StatsBy) {
      const group = column[by];
      const [warnings, devices] = await Promise.all([
        carsIn(db, scope, f).innerJoin('warning as w', 'w.device_id', 'd.id')
          .where('w.warning_time', '>=', f.fromMs).where('w.warning_time', '<=', f.toMs).where(group, 'is not', null)
          .groupBy([group, 'w.warning_type']).select([`${group} as dept_id`, 'w.warning_type', (eb) => eb.fn.countAll<number>().as('n')]).execute(),
        carsIn(db, scope, f).where('d.car_id', 'is not', null).where(group, 'is not', null)
          .groupBy(group).select([`${group} as dept_id`, (eb) => eb.fn.countAll<number>().as('n')]).execute(),
      ]);
      const ids = [...new Set([...warnings, ...devices].map((r) => r.dept_id as number))];
      const names = ids.length ? await db.selectFrom('dept').select(['id', 'name']).where('id', 'in', ids).execute() : [];
      return {
        warnings: warnings.map((r) => ({ deptId: r.dept_id as number, warningType: r.warning_type, count: Number(r.n) })),
        devices: new Map(devices.map((r) => [r.dept_id as number, Number(r.n)])),
        names: new Map(names.map((n) => [n.id, n.name])),
      };
    },
  };
}

export type WarningStatsRepository = ReturnType<typeof createWarningStatsRepository>;
