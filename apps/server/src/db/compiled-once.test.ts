import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledOnce, param, params } from './compiled-once.js';

type DB = { item: { id: number; name: string } };
const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
await db.schema.createTable('item').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
await db.insertInto('item').values([1, 2, 3, 4, 5].map((id) => ({ id, name: `n${id}` }))).execute();
afterAll(() => db.destroy());

describe('compiledOnce', () => {
  it('builds a query once per key and runs it with each call\'s values', async () => {
    const run = compiledOnce(db);
    let built = 0;
    const byIds = (ids: number[]) =>
      run(`ids ${ids.length}`, () => {
        built++;
        return db.selectFrom('item').select('name').where('id', 'in', params<number>(ids.length)).where('name', '!=', 'n9').orderBy('id');
      }, ids);
    expect(await byIds([1, 3])).toEqual([{ name: 'n1' }, { name: 'n3' }]);
    expect(await byIds([2, 5])).toEqual([{ name: 'n2' }, { name: 'n5' }]);
    expect(await byIds([4])).toEqual([{ name: 'n4' }]);
    // Two keys, two builds; the value not given as a param stays what it was built with.
    expect(built).toBe(2);
  });

  it('puts each value where its param stands, whatever order the SQL takes them in', async () => {
    const run = compiledOnce(db);
    const page = (offset: number, limit: number) =>
      run('page', () => db.selectFrom('item').select('id').orderBy('id').offset(param<number>(0)).limit(param<number>(1)), [offset, limit]);
    expect(await page(1, 2)).toEqual([{ id: 2 }, { id: 3 }]);
    expect(await page(3, 5)).toEqual([{ id: 4 }, { id: 5 }]);
  });

  it('keeps at most `max` queries, building a forgotten one again', async () => {
    const run = compiledOnce(db, 1);
    let built = 0;
    const one = (id: number) => run(`id ${id}`, () => (built++, db.selectFrom('item').select('id').where('id', '=', id)));
    await one(1);
    await one(2);
    expect(await one(1)).toEqual([{ id: 1 }]);
    expect(built).toBe(3);
  });
});
