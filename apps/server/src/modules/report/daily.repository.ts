import { sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DB, DeviceDailyTable } from '../../db/schema.js';
import { countKey, createCountCache } from '../../lib/count-cache.js';
import { ALL, type Scope } from '../../lib/scope.js';
import { isWalked, walkedPageKeys, walkPays } from './daily-figure-walk.js';
import { betweenKeys } from './daily-key-range.js';
import { daysOf, type Bucket } from './periods.js';
import { CAR_COLUMNS, carsIn, deviceIdsIn, type CarColumns, type CarFilter } from './report-cars.js';

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
/**
 * `dataFirst`: the default order of a report's first pages puts the rows where this figure is above 0
 * first (a car that drove before one parked all day, yesterday's 40 km before today's 0 km), each
 * part in the order asked, so paging stays stable.
 */
export type Sort<F extends string> = { field: F; desc: boolean; dataFirst?: Summed };
/** Which part of a data-first order a query reads: the rows whose figure is above 0, or the others. */
type Part = { field: Summed; has: boolean } | null;

/** Every car column a grouped query selects (PostgreSQL wants each in GROUP BY). */
const GROUP_BY_CAR = ['d.id', 'd.device_number', 'car.plate_number', 'car.frame_number', 'cust.id', 'cust.name', 'dealer.name'] as const;

/** A screen's page is picked by its keys first; larger pages (exports) are read joined. */
const KEYS_FIRST_MAX = 1000;

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
  const perSpan = createCountCache<number[]>();
  /** The period's daily rows of the caller's devices, without joins (ordering and counting). */
  const lean = (scope: Scope, f: DailyFilter, from = f.from, to = f.to, part: Part = null) => {
    let q = db.selectFrom('device_daily as dd').where('dd.day', '>=', from).where('dd.day', '<=', to);
    if (part) q = q.where(`dd.${part.field}`, part.has ? '>' : '<=', 0);
    const ids = deviceIdsIn(db, scope, f);
    return ids ? q.where('dd.device_id', 'in', ids) : q;
  };
  const inPeriod = (scope: Scope, f: DailyFilter, part: Part = null) => {
    const q = carsIn(db, scope, f).innerJoin('device_daily as dd', 'dd.device_id', 'd.id').where('dd.day', '>=', f.from).where('dd.day', '<=', f.to);
    return part ? q.where(`dd.${part.field}`, part.has ? '>' : '<=', 0) : q;
  };
  /** Cars with figures in the period, as an EXISTS probe per car (the page of cars is picked before anything is added up). */
  const carsWithFigures = (scope: Scope, f: DailyFilter) =>
    carsIn(db, scope, f).where((eb) =>
      eb.exists(eb.selectFrom('device_daily as x').select('x.day').whereRef('x.device_id', '=', 'd.id').where('x.day', '>=', f.from).where('x.day', '<=', f.to)),
    );
  type CarsQuery = ReturnType<typeof carsWithFigures>;
  /** Of those, the cars whose `field` is above 0 on some day of the period (`has`), or on none. */
  const carsWithData = (scope: Scope, f: DailyFilter, field: Summed, has: boolean) =>
    carsWithFigures(scope, f).where(sql<SqlBool>`${sql.raw(has ? '' : 'not ')}exists (select 1 from device_daily x where x.device_id = d.id
      and x.day >= ${f.from} and x.day <= ${f.to} and x.${sql.ref(field)} > 0)`);

  /**
   * A page of cars in a data-first order: those with the figure first, then the rest, each part in
   * `order`. Read as two orders of their own, a first page walks the first part's order and stops at
   * its last car; one order with "has the figure" as its first key probed every car of the scope and
   * sorted them all, for every page (issue 31's order made 周停车 ~10× slower). How many cars have
   * the figure is counted only when a page starts past them (once for a few seconds).
   */
  async function dataFirstCars(scope: Scope, f: DailyFilter, field: Summed, order: (q: CarsQuery) => CarsQuery, offset: number, limit: number): Promise<CarColumns[]> {
    const part = (has: boolean, skip: number, take: number) =>
      order(carsWithData(scope, f, field, has)).select(CAR_COLUMNS).offset(skip).limit(take).execute() as Promise<CarColumns[]>;
    const first = await part(true, offset, limit);
    if (first.length === limit) return first;
    const withData = first.length > 0
      ? offset + first.length
      : await counts.get(countKey(scope, { ...f, r: 'carsWith', field }), async () =>
        Number((await carsWithData(scope, f, field, true).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n));
    return [...first, ...(await part(false, Math.max(0, offset - withData), limit - first.length))];
  }

  /** The period's daily rows under the caller's scope and filters, counted once for a few seconds. */
  const dayCount = (scope: Scope, f: DailyFilter) =>
    counts.get(countKey(scope, { ...f, r: 'days' }), async () => Number((await lean(scope, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n));

  /** Whether a page ordered by a figure is read from one end of each day's index (daily-figure-walk) rather than sorted. */
  async function walks(scope: Scope, f: DailyFilter, offset: number, limit: number): Promise<boolean> {
    const selected = await dayCount(scope, f);
    const all = deviceIdsIn(db, scope, f) ? await dayCount(ALL, { from: f.from, to: f.to }) : selected;
    return walkPays({ days: daysOf(f.from, f.to).length, offset, limit, selected, all });
  }

  async function sumsOf(ids: number[], f: DailyFilter): Promise<Map<number, Sums>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('device_daily as dd').where('dd.device_id', 'in', ids).where('dd.day', '>=', f.from).where('dd.day', '<=', f.to)
      .groupBy('dd.device_id').select((eb) => ['dd.device_id', ...sums(eb as unknown as Eb)]).execute();
    return new Map(rows.map((r) => [r.device_id, r as unknown as Sums]));
  }

  /** Cars with figures in each span, in the spans' order. */
  function spanCounts(scope: Scope, f: DailyFilter, spans: Bucket[]): Promise<number[]> {
    return perSpan.get(countKey(scope, { ...f, spans: spans.map((b) => b.label) }), () =>
      Promise.all(spans.map(async (b) =>
        Number((await lean(scope, f, b.from, b.to).select((eb) => eb.fn.count<number>('dd.device_id').distinct().as('n')).executeTakeFirstOrThrow()).n),
      )),
    );
  }

  async function spanPage(scope: Scope, f: DailyFilter, spans: Bucket[], offset: number, limit: number, dataFirst?: Summed): Promise<{ rows: BucketRow[]; count: number }> {
    const n = await spanCounts(scope, f, spans);
    const rows: BucketRow[] = [];
    let skip = offset;
    for (const [i, span] of spans.entries()) {
      if (rows.length >= limit) break;
      if (skip >= n[i]!) {
        skip -= n[i]!;
        continue;
      }
      const inSpan = { ...f, from: span.from, to: span.to };
      const newestFirst = (q: CarsQuery) => q.orderBy('d.id', 'desc');
      const cars = dataFirst
        ? await dataFirstCars(scope, inSpan, dataFirst, newestFirst, skip, limit - rows.length)
        : ((await newestFirst(carsWithFigures(scope, inSpan)).select(CAR_COLUMNS).offset(skip).limit(limit - rows.length).execute()) as CarColumns[]);
      const figures = await sumsOf(cars.map((c) => c.device_id), inSpan);
      rows.push(...cars.map((c) => ({ ...c, ...figures.get(c.device_id)!, bucket: span.label })));
      skip = 0;
    }
    return { rows, count: n.reduce((a, b) => a + b, 0) };
  }

  /** One part (or all) of the days() order: the page's rows, in order. */
  async function daysPart(scope: Scope, f: DailyFilter, sort: Sort<'day' | Summed | 'max_speed'>, offset: number, limit: number, part: Part): Promise<DayRow[]> {
    const dir = sort.desc ? 'desc' : 'asc';
    const columns = [...CAR_COLUMNS, 'dd.day', ...SUMMED.map((c) => `dd.${c}` as const), 'dd.max_speed', 'dd.fixes'] as const;
    if (limit > KEYS_FIRST_MAX) {
      // An export's page of thousands: one joined query beats naming each row. In the default order
      // the page starts at a key found on the day index alone, so a million-row export does not
      // join and skip every row before each page; in any other order it lies between its first and
      // last keys, found on the daily rows alone.
      let page = inPeriod(scope, f, part).select(columns).orderBy(`dd.${sort.field}`, dir).orderBy('dd.device_id', 'desc').orderBy('dd.day', 'desc');
      if (sort.field === 'day' && sort.desc) {
        const first = await lean(scope, f, f.from, f.to, part).select(['dd.day', 'dd.device_id']).orderBy('dd.day', 'desc').orderBy('dd.device_id', 'desc').offset(offset).limit(1).executeTakeFirst();
        if (!first) return [];
        page = page.where((eb) => eb(eb.refTuple('dd.day', 'dd.device_id'), '<=', eb.tuple(first.day, first.device_id)));
      } else {
        const keys = await lean(scope, f, f.from, f.to, part).select(['dd.device_id', 'dd.day', `dd.${sort.field} as figure`])
          .orderBy(`dd.${sort.field}`, dir).orderBy('dd.device_id', 'desc').orderBy('dd.day', 'desc').offset(offset).limit(limit).execute();
        if (keys.length === 0) return [];
        page = page.where(betweenKeys(sort.field, sort.desc, keys[0]!, keys.at(-1)!));
      }
      return (await page.limit(limit).execute()) as DayRow[];
    }
    const keys = part === null && isWalked(sort.field) && (await walks(scope, f, offset, limit))
      ? await walkedPageKeys(db, scope, f, sort.field, sort.desc, offset, limit)
      : await lean(scope, f, f.from, f.to, part).select(['dd.device_id', 'dd.day']).orderBy(`dd.${sort.field}`, dir).orderBy('dd.device_id', 'desc').orderBy('dd.day', 'desc')
        .offset(offset).limit(limit).execute();
    if (keys.length === 0) return [];
    const rows = (await inPeriod(scope, f, part)
      .where((eb) => eb.or(keys.map((k) => eb.and([eb('dd.device_id', '=', k.device_id), eb('dd.day', '=', k.day)]))))
      .select(columns)
      .execute()) as DayRow[];
    const at = new Map(keys.map((k, i) => [`${k.device_id}:${k.day}`, i]));
    return rows.sort((a, b) => at.get(`${a.device_id}:${a.day}`)! - at.get(`${b.device_id}:${b.day}`)!);
  }

  return {
    /**
     * One row per car and day with figures. Default order: newest day first, then newest device (the
     * day index read backwards); with `dataFirst`, the rows whose figure is above 0 first. The page's keys are picked from the daily rows alone; only those 20
     * rows are joined to their car, customer and dealer. Ordered by mileage, driving time or top speed, a broad selection's
     * first pages take their keys from the top of each day's index of that figure (daily-figure-walk) instead of sorting the period.
     */
    async days(scope: Scope, f: DailyFilter, sort: Sort<'day' | Summed | 'max_speed'>, offset: number, limit: number): Promise<{ rows: DayRow[]; count: number }> {
      const count = () => dayCount(scope, f);
      if (!sort.dataFirst) return { rows: await daysPart(scope, f, sort, offset, limit, null), count: await count() };
      // Rows with the figure first, then the rest, each read as one order of its own (the day index still serves both).
      const field = sort.dataFirst;
      const withData = await counts.get(countKey(scope, { ...f, r: 'daysWith', field }), async () =>
        Number((await lean(scope, f, f.from, f.to, { field, has: true }).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n));
      const rows = offset < withData ? await daysPart(scope, f, sort, offset, limit, { field, has: true }) : [];
      if (rows.length < limit) rows.push(...(await daysPart(scope, f, sort, Math.max(0, offset - withData), limit - rows.length, { field, has: false })));
      return { rows, count: await count() };
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
        const byNumber = (q: CarsQuery) => q.orderBy('d.device_number', sort?.desc ? 'desc' : 'asc');
        const [cars, n] = await Promise.all([
          sort?.dataFirst
            ? dataFirstCars(scope, f, sort.dataFirst, byNumber, offset, limit)
            : (byNumber(carsWithFigures(scope, f)).select(CAR_COLUMNS).offset(offset).limit(limit).execute() as Promise<CarColumns[]>),
          count,
        ]);
        const figures = await sumsOf(cars.map((c) => c.device_id), f);
        return { rows: cars.map((c) => ({ ...c, ...figures.get(c.device_id)! })), count: n };
      }
      const [rows, n] = await Promise.all([
        inPeriod(scope, f).groupBy(GROUP_BY_CAR).select((eb) => [...CAR_COLUMNS, ...sums(eb as unknown as Eb)])
          .orderBy(sql.ref(sort.field), sort.desc ? 'desc' : 'asc').orderBy('d.id').offset(offset).limit(limit).execute(),
        count,
      ]);
      return { rows: rows as unknown as CarSumsRow[], count: n };
    },

    /** Every car with figures in the period, added up (orders the code computes, such as the score). */
    async allCars(scope: Scope, f: DailyFilter): Promise<CarSumsRow[]> {
      const rows = await inPeriod(scope, f).groupBy(GROUP_BY_CAR)
        .select((eb) => [...CAR_COLUMNS, ...sums(eb as unknown as Eb)]).orderBy('d.device_number').execute();
      return rows as unknown as CarSumsRow[];
    },

    /**
     * One row per car and week or month with figures. In the default order (newest span first, then
     * newest device) each span's cars are counted once (reused a few seconds) and the page is picked
     * span by span, cars first; ordered by a figure, every car-span is added up.
     */
    async buckets(scope: Scope, f: DailyFilter, buckets: Bucket[], sort: Sort<'bucket' | Summed>, offset: number, limit: number): Promise<{ rows: BucketRow[]; count: number }> {
      if (sort.field === 'bucket') return spanPage(scope, f, sort.desc ? [...buckets].reverse() : buckets, offset, limit, sort.dataFirst);
      const grouped = inPeriod(scope, f).groupBy([...GROUP_BY_CAR, bucketOf(buckets)]);
      const [rows, count] = await Promise.all([
        grouped.select((eb) => [...CAR_COLUMNS, bucketOf(buckets).as('bucket'), ...sums(eb as unknown as Eb)])
          .orderBy(sql.ref(sort.field), sort.desc ? 'desc' : 'asc').orderBy('d.id').orderBy('bucket', 'desc').offset(offset).limit(limit).execute(),
        spanCounts(scope, f, buckets).then((n) => n.reduce((a, b) => a + b, 0)),
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
