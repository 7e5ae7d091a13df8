import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { seedDemo } from '../../demo/seed-demo.js';
import { ALL, type Scope } from '../../lib/scope.js';
import { SEED_NOW } from '../../test/test-app.js';
import { openTestDatabase } from '../../test/test-database.js';
import { walkedPageKeys, walkPays, type WalkedFigure } from './daily-figure-walk.js';
import { betweenKeys } from './daily-key-range.js';
import { createDailyRepository } from './daily.repository.js';
import { daysOf } from './periods.js';

let h: DatabaseHandle;
type Row = { device_id: number; day: number; dept_id: number; device_number: string } & Record<WalkedFigure, number>;
const rows: Row[] = [];
const PERIOD = { from: 20261116, to: 20261120 };

beforeAll(async () => {
  h = await openTestDatabase();
  await seedDemo(h.db, { now: SEED_NOW });
  await h.db.deleteFrom('device_daily').execute();
  // Four wired devices of each of three dealers.
  const wired = await h.db.selectFrom('device').select(['id', 'dept_id', 'device_number']).where('kind', '=', 1).orderBy('id').execute();
  const dealers = [...new Set(wired.map((d) => d.dept_id))].slice(0, 3);
  expect(dealers).toHaveLength(3);
  const devices = dealers.flatMap((dept) => wired.filter((d) => d.dept_id === dept).slice(0, 4));
  for (const [i, d] of devices.entries()) {
    for (const [j, day] of daysOf(PERIOD.from, PERIOD.to).entries()) {
      // Some cars have no row on some days; few distinct figures, so most rows tie and the device and day decide.
      if ((i + j) % 7 === 6) continue;
      const figures = { mileage_m: ((i * 3 + j) % 4) * 1500.5, drive_ms: ((i + j * 2) % 3) * 60_000, max_speed: [0, 42.5, 42.5, 80][(i + j) % 4]! };
      rows.push({ device_id: d.id, day, dept_id: d.dept_id, device_number: d.device_number, ...figures });
    }
  }
  await h.db.insertInto('device_daily').values(rows.map(({ dept_id: _, device_number: __, ...r }) => ({ ...r, acc_on_ms: 0, acc_on_count: 0, fixes: 1 }))).execute();
});
afterAll(() => h.close());

/** The order one sort of the period gives: the figure as asked, then newest device, then newest day. */
function sorted(period: { from: number; to: number }, keep: (r: Row) => boolean, figure: WalkedFigure, desc: boolean) {
  return rows.filter((r) => r.day >= period.from && r.day <= period.to && keep(r))
    .sort((a, b) => (a[figure] - b[figure]) * (desc ? -1 : 1) || b.device_id - a.device_id || b.day - a.day)
    .map((r) => ({ device_id: r.device_id, day: r.day }));
}

describe('a page ordered by a figure, read day by day', () => {
  it('is the slice of one sort of the period: ties, a scope and a filter, any page, one day or several', async () => {
    const depts = [rows[0]!.dept_id, rows.at(-1)!.dept_id];
    expect(depts[0]).not.toBe(depts[1]);
    const scoped: Scope = { kind: 'depts', deptIds: depts };
    const number = rows[0]!.device_number.slice(-2);
    const cases = [
      { scope: ALL, filter: {}, keep: () => true },
      { scope: scoped, filter: {}, keep: (r: Row) => depts.includes(r.dept_id) },
      { scope: scoped, filter: { deviceNumber: number }, keep: (r: Row) => depts.includes(r.dept_id) && r.device_number.includes(number) },
    ];
    expect(sorted(PERIOD, cases[1]!.keep, 'mileage_m', true).length).toBeLessThan(rows.length);
    // On one day a page ends inside a group of cars with the same figure: the newest devices of it come first.
    const periods = [PERIOD, { from: PERIOD.from, to: PERIOD.from }, { from: PERIOD.from, to: PERIOD.from + 1 }];
    for (const period of periods) for (const c of cases) {
      for (const figure of ['mileage_m', 'drive_ms', 'max_speed'] as const) {
        for (const desc of [true, false]) {
          const all = sorted(period, c.keep, figure, desc);
          for (const [offset, limit] of [[0, 2], [0, 5], [5, 5], [3, 7], [0, 100], [all.length, 5]] as const) {
            const got = await walkedPageKeys(h.db, c.scope, { ...period, ...c.filter }, figure, desc, offset, limit);
            expect(got, `${period.from}–${period.to} ${figure} ${desc ? 'desc' : 'asc'} ${offset}+${limit}`).toEqual(all.slice(offset, offset + limit));
          }
        }
      }
    }
  });

  it('is chosen for a broad scope’s first pages, not for a few cars, a deep page or a long period', () => {
    const month = { days: 30, offset: 0, limit: 20, all: 150_000 };
    expect(walkPays({ ...month, selected: 150_000 })).toBe(true);
    expect(walkPays({ ...month, selected: 30_000 })).toBe(true);
    expect(walkPays({ ...month, selected: 300 })).toBe(false);
    expect(walkPays({ ...month, offset: 20_000, selected: 150_000 })).toBe(false);
    expect(walkPays({ ...month, days: 90, all: 450_000, selected: 450_000 })).toBe(false);
    expect(walkPays({ ...month, selected: 0 })).toBe(false);
  });
});

describe('an export page ordered by a figure, read between its first and last keys', () => {
  it('holds exactly the rows from the one to the other, ties included, in either direction', async () => {
    for (const figure of ['mileage_m', 'drive_ms', 'max_speed'] as const) {
      for (const desc of [true, false]) {
        const all = sorted(PERIOD, () => true, figure, desc);
        const withFigure = (k: { device_id: number; day: number }) => ({ ...k, figure: rows.find((r) => r.device_id === k.device_id && r.day === k.day)![figure] });
        for (const [i, j] of [[0, 0], [0, 4], [3, 20], [10, all.length - 1], [all.length - 1, all.length - 1]] as const) {
          const got = await h.db.selectFrom('device_daily as dd').select(['dd.device_id', 'dd.day'])
            .where(betweenKeys(figure, desc, withFigure(all[i]!), withFigure(all[j]!)))
            .orderBy(`dd.${figure}`, desc ? 'desc' : 'asc').orderBy('dd.device_id', 'desc').orderBy('dd.day', 'desc').execute();
          expect(got, `${figure} ${desc ? 'desc' : 'asc'} ${i}–${j}`).toEqual(all.slice(i, j + 1));
        }
      }
    }
  });

  it('the repository’s export pages (thousands of rows) are the rows of one sort from their offset, in scope', async () => {
    const depts = [rows[0]!.dept_id];
    const daily = createDailyRepository(h.db);
    for (const [scope, keep] of [[ALL, () => true], [{ kind: 'depts', deptIds: depts } as Scope, (r: Row) => depts.includes(r.dept_id)]] as const) {
      for (const desc of [true, false]) {
        const all = sorted(PERIOD, keep, 'mileage_m', desc);
        for (const offset of [0, 7, all.length]) {
          const page = await daily.days(scope, PERIOD, { field: 'mileage_m', desc }, offset, 5000);
          expect(page.rows.map((r) => ({ device_id: r.device_id, day: r.day }))).toEqual(all.slice(offset));
        }
      }
    }
  });
});
