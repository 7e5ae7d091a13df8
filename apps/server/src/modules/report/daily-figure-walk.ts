import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Scope } from '../../lib/scope.js';
import { daysOf } from './periods.js';
import { carsIn, deviceIdsIn, type CarFilter } from './report-cars.js';

/** The figures device_daily keeps an index of per day, (day, figure, device_id desc) (migration 033). */
const WALKED = ['mileage_m', 'drive_ms', 'max_speed'] as const;
export type WalkedFigure = (typeof WALKED)[number];
export const isWalked = (field: string): field is WalkedFigure => (WALKED as readonly string[]).includes(field);

/** One part per day in one statement: beyond a month, sorting the period once is the simpler bet. */
const MAX_DAYS = 31;

/**
 * Whether reading each day's index from one end beats sorting the selection's rows of the period.
 * A day's walk passes about (offset + limit) × all ÷ selected entries before it holds its share of the
 * page (every entry when the selection is a few cars); the sort reads every selected row. So a broad
 * scope's first pages walk, and one car, or page 400, sorts its rows as before.
 */
export function walkPays(p: { days: number; offset: number; limit: number; selected: number; all: number }): boolean {
  if (p.days > MAX_DAYS || p.selected === 0) return false;
  const perDay = Math.min(p.all / p.days, ((p.offset + p.limit) * p.all) / p.selected);
  return p.days * perDay < p.selected;
}

type Key = { device_id: number; day: number };

/**
 * The keys of one page of a period's daily rows ordered by a figure, then newest device, then newest
 * day: the same rows, in the same order, as one sort of the period. Each day contributes its first
 * offset + limit rows in that order, read from one end of its (day, figure, device_id desc) index; the page
 * lies among them. Each entry walked is checked against the caller's devices by its own lookup: a
 * broad scope's few dozen entries a day cost less than listing its thousands of devices once a day.
 */
export async function walkedPageKeys(db: Db, scope: Scope, f: CarFilter & { from: number; to: number }, figure: WalkedFigure, desc: boolean, offset: number, limit: number): Promise<Key[]> {
  const dir = desc ? 'desc' : 'asc';
  const everyDevice = deviceIdsIn(db, scope, f) === null;
  const dayPart = (day: number) => {
    let q = db.selectFrom('device_daily as dd').select(['dd.device_id', 'dd.day', `dd.${figure} as figure`]).where('dd.day', '=', day);
    if (!everyDevice) q = q.where((eb) => eb.exists(carsIn(db, scope, f).select('d.id').where('d.id', '=', sql.ref<number>('dd.device_id'))));
    return db.selectFrom(q.orderBy(`dd.${figure}`, dir).orderBy('dd.device_id', 'desc').limit(offset + limit).as('p')).selectAll();
  };
  const [first, ...rest] = daysOf(f.from, f.to).map(dayPart);
  if (!first) return [];
  const all = rest.reduce((u, q) => u.unionAll(q), first);
  return db.selectFrom(all.as('top')).select(['top.device_id', 'top.day'])
    .orderBy('top.figure', dir).orderBy('top.device_id', 'desc').orderBy('top.day', 'desc')
    .offset(offset).limit(limit).execute();
}
