import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { DAY_MS, SHANGHAI_OFFSET_MS, type Window } from './home.windows.js';

/** Per warning type, the unhandled warnings in scope. */
export type OpenTypeRow = { warningType: number; count: number; customers: number; high: number; latest: number };

/** Per Asia/Shanghai day number (days since 1970-01-01 there) and risk level, the warnings raised. */
export type DayLevelRow = { day: number; level: number; count: number };

export type WeekRow = {
  id: number;
  warningType: number;
  deviceNumber: string;
  customerName: string | null;
  riskLevel: number;
  dealStatus: number;
  warningTime: number;
};

const open = (eb: ExpressionBuilder<DB, 'warning'>) => eb('warning.deal_status', '=', 0);
const n = (v: unknown) => Number(v ?? 0);

/** The home page's counts; every query applies the caller's scope and is served by an index of 006_home. */
export function createHomeRepository(db: Db) {
  const warnings = (scope: Scope) => db.selectFrom('warning').where((eb) => inScope(eb, 'warning.dept_id', scope));
  const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => n((await q.executeTakeFirstOrThrow()).n);

  return {
    async customerGrades(scope: Scope): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('customer')
        .select((eb) => ['customer.grade', eb.fn.countAll().as('n')])
        .where((eb) => inScope(eb, 'customer.dept_id', scope))
        .groupBy('customer.grade')
        .execute();
      return new Map(rows.map((r) => [r.grade, n(r.n)]));
    },

    async alarmCounts(scope: Scope, today: Window, week: Window): Promise<{ today: number; week: number; open: number }> {
      const alarms = () => db.selectFrom('device_alarm').select((eb) => eb.fn.countAll().as('n')).where((eb) => inScope(eb, 'device_alarm.dept_id', scope));
      const raised = (w: Window) => alarms().where('start_time', '>=', w.from).where('start_time', '<', w.to);
      const [t, w, o] = await Promise.all([count(raised(today)), count(raised(week)), count(alarms().where('end_time', 'is', null))]);
      return { today: t, week: w, open: o };
    },

    async warningCounts(scope: Scope, today: Window): Promise<{ today: number; unhandled: number; handledToday: number }> {
      const all = () => warnings(scope).select((eb) => eb.fn.countAll().as('n'));
      const [t, u, h] = await Promise.all([
        count(all().where('warning_time', '>=', today.from).where('warning_time', '<', today.to)),
        count(all().where(open)),
        count(all().where('deal_time', '>=', today.from).where('deal_time', '<', today.to)),
      ]);
      return { today: t, unhandled: u, handledToday: h };
    },

    async byDayAndLevel(scope: Scope, window: Window): Promise<DayLevelRow[]> {
      // Integer division on both engines: the Shanghai day number of each warning.
      const day = sql<number>`(${sql.ref('warning.warning_time')} + ${sql.lit(SHANGHAI_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
      const rows = await warnings(scope)
        .select((eb) => [day.as('day'), 'warning.risk_level', eb.fn.countAll().as('n')])
        .where('warning_time', '>=', window.from)
        .where('warning_time', '<', window.to)
        .groupBy([day, 'warning.risk_level'])
        .execute();
      return rows.map((r) => ({ day: n(r.day), level: r.risk_level, count: n(r.n) }));
    },

    async openByType(scope: Scope): Promise<OpenTypeRow[]> {
      const rows = await warnings(scope)
        .select((eb) => [
          'warning.warning_type',
          eb.fn.countAll().as('n'),
          eb.fn.count('warning.customer_id').distinct().as('customers'),
          eb.fn.sum(eb.case().when('warning.risk_level', '=', 1).then(1).else(0).end()).as('high'),
          eb.fn.max('warning.warning_time').as('latest'),
        ])
        .where(open)
        .groupBy('warning.warning_type')
        .execute();
      return rows.map((r) => ({ warningType: r.warning_type, count: n(r.n), customers: n(r.customers), high: n(r.high), latest: n(r.latest) }));
    },

    async weekList(scope: Scope, week: Window, limit: number): Promise<{ count: number; rows: WeekRow[] }> {
      const inWeek = () => warnings(scope).where('warning.warning_time', '>=', week.from).where('warning.warning_time', '<', week.to);
      const [total, rows] = await Promise.all([
        count(inWeek().select((eb) => eb.fn.countAll().as('n'))),
        inWeek()
          .innerJoin('device', 'device.id', 'warning.device_id')
          .leftJoin('customer', 'customer.id', 'warning.customer_id')
          .select([
            'warning.id',
            'warning.warning_type as warningType',
            'device.device_number as deviceNumber',
            'customer.name as customerName',
            'warning.risk_level as riskLevel',
            'warning.deal_status as dealStatus',
            'warning.warning_time as warningTime',
          ])
          .orderBy('warning.warning_time', 'desc')
          .orderBy('warning.id', 'desc')
          .limit(limit)
          .execute(),
      ]);
      return { count: total, rows: rows.map((r) => ({ ...r, warningTime: n(r.warningTime) })) };
    },

    async carsByProvince(scope: Scope): Promise<{ province: string; count: number }[]> {
      const rows = await db
        .selectFrom('car')
        .select((eb) => ['car.region_province', eb.fn.countAll().as('n')])
        .where((eb) => inScope(eb, 'car.dept_id', scope))
        .groupBy('car.region_province')
        .execute();
      return rows.map((r) => ({ province: r.region_province, count: n(r.n) })).sort((a, b) => b.count - a.count || a.province.localeCompare(b.province, 'zh'));
    },

    async carsByCity(scope: Scope, province: string): Promise<{ city: string; count: number }[]> {
      const rows = await db
        .selectFrom('car')
        .select((eb) => ['car.region_city', eb.fn.countAll().as('n')])
        .where((eb) => inScope(eb, 'car.dept_id', scope))
        .where('car.region_province', '=', province)
        .groupBy('car.region_city')
        .execute();
      return rows.map((r) => ({ city: r.region_city, count: n(r.n) })).sort((a, b) => b.count - a.count || a.city.localeCompare(b.city, 'zh'));
    },
  };
}

export type HomeRepository = ReturnType<typeof createHomeRepository>;
