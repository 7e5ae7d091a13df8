import { formatTime, warningTimeRange, type WarningListItem, type WarningTypeCode } from '@cvrisk/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_NOW, type TestApp } from '../../test/test-app.js';
import { WARNING_EXPORT_COLUMNS } from './warning.export.js';
import { deptsOfUsers, devicesOf, insertWarning } from './warning.fixture.js';

/**
 * The export reads the warnings a page at a time (250 rows), by keyset. Seven warnings share each
 * time, so page boundaries fall inside runs of equal times: none may be lost or repeated. The seven
 * of a time differ in what the sheet shows (device, status, compound) and their levels vary, so a
 * file in another order than the list's cannot pass for it.
 */
let t: TestApp;
let token: string;
let dealer1: number;
const MIN = 60_000;
const TOTAL = 700;
const URL = '/api/report/riskWarning/download';
const TIME_COLUMN = 5;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('finance1');
  dealer1 = (await deptsOfUsers(t.db)).dealer1!;
  const devices = await devicesOf(t.db, dealer1, 3);
  for (let i = 0; i < TOTAL; i++) {
    const k = i % 7;
    const type: WarningTypeCode = 4;
    await insertWarning(t.db, devices[k % 3]!, type, SEED_NOW - Math.floor(i / 7) * MIN, { level: 1 + (i % 3), handled: k >= 3, compound: k === 6 });
  }
});
afterAll(() => t.close());

/** The sheet's data rows as text, read the way a user's spreadsheet shows them. */
async function sheetRows(payload: object): Promise<string[][]> {
  const res = await t.app.inject({ method: 'POST', url: URL, headers: { accessToken: token }, payload });
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) rows.push(WARNING_EXPORT_COLUMNS.map((_, c) => String(row.getCell(c + 1).value ?? '')));
  });
  return rows;
}

/** Every page of the list (findList) under the same body, each row as the export writes it. */
async function listRows(payload: object): Promise<string[][]> {
  const rows: string[][] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const res = await t.app.inject({ method: 'POST', url: '/api/report/riskWarning/findList', headers: { accessToken: token }, payload: { ...payload, pageNumber, pageSize: 100 } });
    expect(res.json().code, res.body).toBe(200);
    const { list, count } = res.json().result as { list: WarningListItem[]; count: number };
    rows.push(...list.map((w) => WARNING_EXPORT_COLUMNS.map((c) => String(c.value(w) ?? ''))));
    if (rows.length >= count || list.length === 0) return rows;
  }
}

async function countInDb(from: number, to: number): Promise<number> {
  const n = await t.db.selectFrom('warning').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dept_id', '=', dealer1).where('warning_time', '>=', from).where('warning_time', '<=', to).executeTakeFirstOrThrow();
  return Number(n.n);
}

describe('download of many warnings', () => {
  it('writes every warning once, newest first, across pages that split equal times', async () => {
    const times = (await sheetRows({ deptId: dealer1 })).map((r) => r[TIME_COLUMN]!);
    const inDb = await t.db.selectFrom('warning').select((eb) => eb.fn.countAll<number>().as('n')).where('dept_id', '=', dealer1).executeTakeFirstOrThrow();
    expect(times.length).toBe(Number(inDb.n));
    expect(times.length).toBeGreaterThanOrEqual(TOTAL);
    expect([...times].sort().reverse()).toEqual(times);
    // Each time of the fixture appears exactly seven times.
    const perTime = new Map<string, number>();
    for (const x of times) perTime.set(x, (perTime.get(x) ?? 0) + 1);
    expect([...perTime.values()].filter((n) => n === 7).length).toBeGreaterThanOrEqual(TOTAL / 7);
  });

  it.each([
    { sortField: 'riskLevel', sortOrder: 'desc' },
    { sortField: 'riskLevel', sortOrder: 'asc' },
    { sortField: 'warningTime', sortOrder: 'asc' },
  ])('writes the rows in the list\'s order when the list is sorted (%o)', async (sort) => {
    const body = { deptId: dealer1, ...sort };
    const sheet = await sheetRows(body);
    expect(sheet.length).toBeGreaterThanOrEqual(TOTAL);
    expect(sheet).toEqual(await listRows(body));
  });

  it.each(['desc', 'asc'])('writes every warning of a 预警时间 range once, in order, none outside it (%s)', async (sortOrder) => {
    // Both ends fall inside runs of seven equal times, with fixture rows beyond each end.
    const warningTime = `${formatTime(SEED_NOW - 80 * MIN)},${formatTime(SEED_NOW - 10 * MIN)}`;
    const { from, to } = warningTimeRange({ warningTime });
    const body = { deptId: dealer1, warningTime, sortField: 'warningTime', sortOrder };
    const sheet = await sheetRows(body);
    const times = sheet.map((r) => r[TIME_COLUMN]!);
    expect(times.length).toBe(await countInDb(from!, to!));
    expect(times.length).toBeGreaterThan(250);
    expect(times.every((x) => x >= formatTime(from!) && x <= formatTime(to!))).toBe(true);
    expect(sheet).toEqual(await listRows(body));
  });
});
