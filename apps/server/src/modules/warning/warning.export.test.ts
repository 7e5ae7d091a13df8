import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';
import { deptsOfUsers, devicesOf, insertWarning } from './warning.fixture.js';

/**
 * The export reads the warnings a page at a time, keyed on (warning_time, id). Seven warnings share
 * each time, so page boundaries fall inside runs of equal times: none may be lost or repeated.
 */
let t: TestApp;
let token: string;
let dealer1: number;
const MIN = 60_000;
const TOTAL = 700;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('finance1');
  dealer1 = (await deptsOfUsers(t.db)).dealer1!;
  const [d] = await devicesOf(t.db, dealer1, 1);
  for (let i = 0; i < TOTAL; i++) await insertWarning(t.db, d!, 4, SEED_NOW - Math.floor(i / 7) * MIN);
});
afterAll(() => t.close());

describe('download of many warnings', () => {
  it('writes every warning once, newest first, across pages that split equal times', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/report/riskWarning/download', headers: { accessToken: token }, payload: { deptId: dealer1 } });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const times: string[] = [];
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) times.push(String(row.getCell(6).value));
    });
    const inDb = await t.db.selectFrom('warning').select((eb) => eb.fn.countAll<number>().as('n')).where('dept_id', '=', dealer1).executeTakeFirstOrThrow();
    expect(times.length).toBe(Number(inDb.n));
    expect(times.length).toBeGreaterThanOrEqual(TOTAL);
    expect([...times].sort().reverse()).toEqual(times);
    // Each time of the fixture appears exactly seven times.
    const perTime = new Map<string, number>();
    for (const x of times) perTime.set(x, (perTime.get(x) ?? 0) + 1);
    expect([...perTime.values()].filter((n) => n === 7).length).toBeGreaterThanOrEqual(TOTAL / 7);
  });
});
