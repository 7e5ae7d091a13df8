import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { countKey, createCountCache } from '../../lib/count-cache.js';
import type { Scope } from '../../lib/scope.js';
import { CAR_COLUMNS, carsIn, deviceIdsIn, type CarColumns, type CarFilter } from './report-cars.js';

export type StopFilter = CarFilter & { fromMs: number; toMs: number };
export type StopRow = CarColumns & { start_time: number; end_time: number; lng: number; lat: number; closed: number };
export type Hotspot = { stops: number; duration_ms: number; lng: number; lat: number };

/** Frequent stop places are cells of about 200 m (1/500 of a degree). */
const CELLS_PER_DEGREE = 500;

/** The stops the pipeline derives, by the time they began (the stop_start index). */
export function createStopsRepository(db: Db) {
  const counts = createCountCache();
  const inPeriod = (scope: Scope, f: StopFilter) =>
    carsIn(db, scope, f).innerJoin('stop as s', 's.device_id', 'd.id').where('s.start_time', '>=', f.fromMs).where('s.start_time', '<=', f.toMs);

  /** The period's stops of the caller's devices, without joins: the (start_time, device_id) index alone. */
  const lean = (scope: Scope, f: StopFilter) => {
    const q = db.selectFrom('stop as s').where('s.start_time', '>=', f.fromMs).where('s.start_time', '<=', f.toMs);
    const ids = deviceIdsIn(db, scope, f);
    return ids ? q.where('s.device_id', 'in', ids) : q;
  };

  /** Counted on the index alone: the names joined for a page cost a lookup per stop. */
  async function countStops(scope: Scope, f: StopFilter): Promise<number> {
    return Number((await lean(scope, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  }

  return {
    async page(scope: Scope, f: StopFilter, sort: { field: 'start_time' | 'duration'; desc: boolean }, offset: number, limit: number) {
      const base = inPeriod(scope, f);
      const dir = sort.desc ? 'desc' : 'asc';
      const order = sort.field === 'duration' ? sql`s.end_time - s.start_time` : sql.ref('s.start_time');
      let rows = base.select([...CAR_COLUMNS, 's.start_time', 's.end_time', 's.lng', 's.lat', 's.closed']).orderBy(order, dir).orderBy('s.device_id', 'desc').orderBy('s.start_time', 'desc');
      if (sort.field === 'start_time' && sort.desc && offset > 0) {
        // A later page of the default order starts at a key found on the (start_time, device_id) index
        // alone: an export of a million stops does not join and skip every stop before each page.
        const first = await lean(scope, f).select(['s.start_time', 's.device_id']).orderBy('s.start_time', 'desc').orderBy('s.device_id', 'desc').offset(offset).limit(1).executeTakeFirst();
        if (!first) return { rows: [] as StopRow[], count: await counts.get(countKey(scope, f), () => countStops(scope, f)) };
        rows = rows.where((eb) => eb(eb.refTuple('s.start_time', 's.device_id'), '<=', eb.tuple(first.start_time, first.device_id)));
      } else rows = rows.offset(offset);
      const [list, count] = await Promise.all([
        rows.limit(limit).execute(),
        counts.get(countKey(scope, f), () => countStops(scope, f)),
      ]);
      return { rows: list as StopRow[], count };
    },

    /** The places the selected cars stopped at most often, with how long they stood there in all. */
    async hotspots(scope: Scope, f: StopFilter, limit = 10): Promise<Hotspot[]> {
      const cellLng = sql`round(s.lng * ${CELLS_PER_DEGREE})`;
      const cellLat = sql`round(s.lat * ${CELLS_PER_DEGREE})`;
      const rows = await inPeriod(scope, f).groupBy([cellLng, cellLat])
        .select((eb) => [
          eb.fn.countAll<number>().as('stops'),
          sql<number>`sum(s.end_time - s.start_time)`.as('duration_ms'),
          eb.fn.avg<number>('s.lng').as('lng'),
          eb.fn.avg<number>('s.lat').as('lat'),
        ])
        .orderBy('stops', 'desc').orderBy('duration_ms', 'desc').limit(limit).execute();
      return rows.map((r) => ({ stops: Number(r.stops), duration_ms: Number(r.duration_ms), lng: Number(r.lng), lat: Number(r.lat) }));
    },
  };
}

export type StopsRepository = ReturnType<typeof createStopsRepository>;
