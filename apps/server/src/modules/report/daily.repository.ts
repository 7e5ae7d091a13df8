import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DB, DeviceDailyTable } from '../../db/schema.js';
import { countKey, createCountCache } from '../../lib/count-cache.js';
import type { Scope } from '../../lib/scope.js';
import type { Bucket } from './periods.js';
import { CAR_COLUMNS, carsIn, type CarColumns, type CarFilter } from './report-cars.js';

/** The daily figures a report adds up over a period. */
export const SUMMED = [
  'mileage_m', 'acc_on_ms', 'acc_on_count', 'harsh_acc', 'harsh_brake', 'speeding', 'fatigue', 'drive_ms', 'night_drive_ms', 'night_mileage_m',
  'trips', 'trip_ms', 'trip_m', 'stops', 'stop_ms', 'stops_night', 'stops_morning', 'stops_day', 'stops_evening',
] as const;
export type Summed = (typeof SUMMED)[number];

/** A period's figures: the sums, the top speed and the days with figures. */
export type Sums = Record<Summed, number> & { max_speed: number; days: number };
export type DayRow = CarColumns & Omit<DeviceDailyTable, 'device_id'>;
export type CarSumsRow = CarColumns & Sums;
export type BucketRow = CarSumsRow & { bucket: string };

export type DailyFilter = CarFilter & { from: number; to: number };
export type Sort<F extends string> = { field: F; desc: boolean };

/** Every car column a grouped query selects (PostgreSQL wants each in GROUP BY). */
const GROUP_BY_CAR = ['d.id', 'd.device_number', 'car.plate_number', 'car.frame_number', 'cust.id', 'cust.name', 'dealer.name'] as const;

type Eb = ExpressionBuilder<DB & { dd: DeviceDailyTable }, 'dd'>;
const sums = (eb: Eb) => [
  ...SUMMED.map((c) => eb.fn.sum<number>(`dd.${c}`).as(c)),
  eb.fn.max<number>('dd.max_speed').as('max_speed'),
  eb.fn.countAll<number>().as('days'),
];


/**
 * The span a day falls in. Written with literals (the spans are ours: day keys and dates), so the
 * expression in GROUP BY and in the select list is the same text, which PostgreSQL requires.
 */
function bucketOf(buckets: Bucket[]): RawBuilder<string> {
  return sql<string>`case ${sql.join(buckets.map((b) => sql`when dd.day between ${sql.lit(b.from)} and ${sql.lit(b.to)} then ${sql.lit(b.label)}`), sql` `)} end`;
}

/**
 * Reports read the daily figures the pipeline keeps (device_daily), never positions. Totals are
 * reused for a few seconds per scope and filters (lib/count-cache): a report's total moves only as
 * days fill, and ten managers opening the same month share one count.
 */
export function createDailyRepository(db: Db) {
  const counts = createCountCache();
  const inPeriod = (scope: Scope, f: DailyFilter) =>
    carsIn(db, scope, f).innerJoin('device_daily as dd', 'dd.device_id', 'd.id').where('dd.day', '>=', f.from).where('dd.day', '<=', f.to);
  /** Cars with figures in the period, as an EXISTS probe per car (the page of cars is picked before anything is added up). */
  const carsWithFigures = (scope: Scope, f: DailyFilter) =>
    carsIn(db, scope, f).where((eb) =>
      eb.exists(eb.selectFrom('device_daily as x').select('x.day').whereRef('x.device_id', '=', 'd.id').where('x.day', '>=', f.from).where('x.day', '<=', f.to)),
    );

  async function sumsOf(ids: number[], f: DailyFilter): Promise<Map<number, Sums>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('device_daily as dd').where('dd.device_id', 'in', ids).where('dd.day', '>=', f.from).where('dd.day', '<=', f.to)
      .groupBy('dd.device_id').select((eb) => ['dd.device_id', ...sums(eb as unknown as Eb)]).execute();
    return new Map(rows.map((r) => [r.device_id, r as unknown as Sums]));
  }

  return {
    /** One row per car and day with figures. Default order: newest day first, then the fleet's order. */
    async days(scope: Scope, f: DailyFilter, sort: Sort<'day' | Summed | 'max_speed'>, offset: number, limit: number): Promise<{ rows: DayRow[]; count: number }> {
      const base = inPeriod(scope, f);
      const dir = sort.desc ? 'desc' : 'asc';
      const [rows, count] = await Promise.all([
        base.select([...CAR_COLUMNS, 'dd.day', ...SUMMED.map((c) => `dd.${c}` as const), 'dd.max_speed', 'dd.fixes'])
          .orderBy(`dd.${sort.field}`, dir).orderBy('d.id').orderBy('dd.day', 'desc').offset(offset).limit(limit).execute(),
        counts.get(countKey(scope, { ...f, r: 'days' }), async () => Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)),
      ]);
      return { rows: rows as DayRow[], count };
    },

    /**
     * One row per car with figures in the period, its figures added up. In the fleet's order the page
     * of cars is picked first and only its figures are added; ordered by a figure, every car's are.
     */
    async cars(scope: Scope, f: DailyFilter, sort: Sort<'device_number' | Summed> | null, offset: number, limit: number): Promise<{ rows: CarSumsRow[]; count: number }> {
      const count = counts.get(countKey(scope, { ...f, r: 'cars' }), async () =>
        Number((await carsWithFigures(scope, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      );
      if (!sort || sort.field === 'device_number') {
        const cars = (await carsWithFigures(scope, f).select(CAR_COLUMNS).orderBy('d.device_number', sort?.desc ? 'desc' : 'asc').offset(offset).limit(limit).execute()) as CarColumns[];
        const figures = await sumsOf(cars.map((c) => c.device_id), f);
        return { rows: cars.map((c) => ({ ...c, ...figures.get(c.device_id)! })), count: await count };
      }
      const rows = await inPeriod(scope, f).groupBy(GROUP_BY_CAR)
        .select((eb) => [...CAR_COLUMNS, ...sums(eb as unknown as Eb)])
        .orderBy(sql.ref(sort.field), sort.desc ? 'desc' : 'asc').orderBy('d.id').offset(offset).limit(limit).execute();
      return { rows: rows as unknown as CarSumsRow[], count: await count };
    },

    /** Every car with figures in the period, added up (orders the code computes, such as the score). */
    async allCars(scope: Scope, f: DailyFilter): Promise<CarSumsRow[]> {
      const rows = await inPeriod(scope, f).groupBy(GROUP_BY_CAR)
        .select((eb) => [...CAR_COLUMNS, ...sums(eb as unknown as Eb)]).orderBy('d.device_number').execute();
      return rows as unknown as CarSumsRow[];
    },

    /** One row per car and week or month with figures. Default order: newest span first, then the fleet's order. */
    async buckets(scope: Scope, f: DailyFilter, buckets: Bucket[], sort: Sort<'bucket' | Summed>, offset: number, limit: number): Promise<{ rows: BucketRow[]; count: number }> {
      const grouped = inPeriod(scope, f).groupBy([...GROUP_BY_CAR, bucketOf(buckets)]);
      const [rows, count] = await Promise.all([
        grouped.select((eb) => [...CAR_COLUMNS, bucketOf(buckets).as('bucket'), ...sums(eb as unknown as Eb)])
          .orderBy(sql.ref(sort.field), sort.desc ? 'desc' : 'asc').orderBy('d.id').orderBy('bucket', 'desc').offset(offset).limit(limit).execute(),
        counts.get(countKey(scope, { ...f, r: 'buckets', b: buckets.map((b) => b.label) }), async () =>
          Number((await db.selectFrom(grouped.select('d.id').as('g')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
        ),
      ]);
      return { rows: rows as unknown as BucketRow[], count };
    },

    /** The whole selection added up by day (charts), oldest first. */
    async byDay(scope: Scope, f: DailyFilter): Promise<(Sums & { day: number; cars: number })[]> {
      const rows = await inPeriod(scope, f).groupBy('dd.day')
        .select((eb) => ['dd.day', ...sums(eb as unknown as Eb), eb.fn.count<number>('dd.device_id').distinct().as('cars')]).orderBy('dd.day').execute();
      return rows as unknown as (Sums & { day: number; cars: number })[];
    },
  };
}

export type DailyRepository = ReturnType<typeof createDailyRepository>;
