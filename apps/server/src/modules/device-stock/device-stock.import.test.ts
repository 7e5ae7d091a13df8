import ExcelJS from 'exceljs';
import { DEVICE_STOCK_LIMITS, STOCK_SHEET_COLUMNS, StockStates, type StockImportReport } from '@cvrisk/contracts';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSqlite } from '../../db/dialect.js';
import { luhnCheckDigit } from '../../lib/luhn.js';
import { addAccountBeside } from '../../test/editors.js';
import { repeatedPart, rowXml, SHEET, SHEET_HEAD, SHEET_TAIL, sheetOfRows, xlsxOf } from '../../test/sheet-files.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createDeviceStockRepository } from './device-stock.repository.js';

/** 设备库存, importing: every row checked and reported, all stored or none, numbers as the gateway files them. */

let t: TestApp;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
let otherFinance = 0;
let installer = 0;
let platform = 0;
let foreignNumber = '';
let dealer1Number = '';

const imei = (body14: string) => body14 + luhnCheckDigit(body14);
const badImei = (body14: string) => body14 + ((Number(luhnCheckDigit(body14)) + 1) % 10);
const post = (user: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
const check = (user: string, payload: object) => post(user, '/api/system/deviceStock/check', payload);
const importing = (user: string, payload: object) => post(user, '/api/system/deviceStock/import', payload);
const deviceOf = (number: string) => t.db.selectFrom('device').selectAll().where('device_number', '=', number).executeTakeFirst();
const deviceCount = async () => Number((await t.db.selectFrom('device').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

async function sheetOf(rows: (string | number | null)[][], headers: string[] = STOCK_SHEET_COLUMNS.map((c) => c.header)): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('设备');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

beforeAll(async () => {
  t = await createTestApp();
  // A dealer's own stock keeper: device:stock, scoped to dealer1.
  await addAccountBeside(t, 'dealer1', 'stockkeeper1', ['device:stock']);
  for (const u of ['admin', 'finance1', 'dealer1', 'stockkeeper1']) tokens[u] = await t.login(u);
  for (const u of await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute()) dept[u.username] = u.dept_id;
  otherFinance = dept.finance2!;
  installer = dept.installer1!;
  platform = dept.admin!;
  foreignNumber = (await t.db.selectFrom('device').select('device_number').where('dept_id', '=', dept.dealer4!).orderBy('id').executeTakeFirstOrThrow()).device_number;
  dealer1Number = (await t.db.selectFrom('device').select('device_number').where('dept_id', '=', dept.dealer1!).orderBy('id').executeTakeFirstOrThrow()).device_number;
});
afterAll(() => t.close());

describe('a pasted list', () => {
  const good1 = '013912340001\tGT06N\t有线\t89860012345678901234';
  const good2 = `${imei('86431903123456')},AT4,无线,89860112345678901235`;
  const bad = '13912340003，KM-02，车载，8986001234';

  it('reports each bad row by line, number and every problem, and imports nothing', async () => {
    const before = await deviceCount();
    const text = `设备号\t型号\t类型\tICCID\n${good1}\n\n${good2}\n${bad}\n`;
    const checked = await check('finance1', { deptId: dept.dealer1, text });
    expect(checked.json()).toMatchObject({ code: 200, msg: '校验未通过：1行有误' });
    const report = checked.json().result as StockImportReport;
    expect(report).toMatchObject({ deptId: dept.dealer1, rows: 3, imported: 0, problemCount: 1 });
    expect(report.problems).toEqual([{ row: 5, deviceNumber: '13912340003', problem: '类型“车载”无法识别，应为有线或无线；ICCID 应为19–20位数字或字母' }]);

    const res = await importing('finance1', { deptId: dept.dealer1, text });
    expect(res.json()).toMatchObject({ code: 200, msg: '1行有误，未导入任何设备', result: { imported: 0, problemCount: 1 } });
    expect(await deviceCount()).toBe(before);
    expect(await deviceOf('13912340001')).toBeUndefined();
  });

  it('once fixed, imports every row into the department, numbered as the gateway numbers terminals', async () => {
    const text = `${good1}\n${good2}\n13912340003,KM-02,有线,8986001234567890123`;
    const checked = await check('finance1', { deptId: dept.dealer1, text });
    expect(checked.json()).toMatchObject({ msg: expect.stringMatching(/^校验通过：共3台，可导入到/), result: { rows: 3, wired: 2, wireless: 1, problemCount: 0, imported: 0 } });
    expect(await deviceOf('13912340001')).toBeUndefined();

    const res = await importing('finance1', { deptId: dept.dealer1, text });
    expect(res.json()).toMatchObject({ code: 200, result: { imported: 3, problemCount: 0, problems: [] } });
    expect(res.json().msg).toMatch(/^已导入3台设备到/);
    // The 12-digit label 013912340001 is the terminal the gateway files as 13912340001.
    expect(await deviceOf('13912340001')).toMatchObject({ kind: 1, model: 'GT06N', iccid: '89860012345678901234', dept_id: dept.dealer1, car_id: null, retired_at: null });
    expect(await deviceOf(imei('86431903123456'))).toMatchObject({ kind: 2, model: 'AT4', dept_id: dept.dealer1 });

    const entry = await t.db.selectFrom('audit_log').select(['username', 'target', 'detail']).where('action', '=', 'device.import').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry.username).toBe('finance1');
    expect(JSON.parse(entry.detail)).toEqual({ deptId: dept.dealer1, count: 3, wired: 2, wireless: 1, source: '粘贴清单' });
  });

  it('finds duplicates within the list, devices already filed, bad numbers and bad ICCIDs, and stores none', async () => {
    const before = await deviceCount();
    const lines = [
      '13912350001,GT06N,有线,89860012345678900001',
      '013912350001,GT06N,有线,89860012345678900001',
      `${dealer1Number},GT06N,wired,`,
      `${foreignNumber},GT06N,1,`,
      `${badImei('86431903999999')},AT4,无线,`,
      '1391235000A,GT06N,有线,',
      '13912350006,,有线,12345678901234567890',
      '13912350007,GT06N,有线,89860012345678901234',
      '13912350008,GT06N,有线,,T1,多余',
      '13912350009,GT06N,有线,,T-1',
    ];
    const res = await importing('finance1', { deptId: dept.dealer1, text: lines.join('\n') });
    const problems = (res.json().result as StockImportReport).problems;
    const dealer1Name = (await t.db.selectFrom('dept').select('name').where('id', '=', dept.dealer1!).executeTakeFirstOrThrow()).name;
    expect(problems).toEqual([
      { row: 2, deviceNumber: '013912350001', problem: '与第1行设备号重复；ICCID 与第1行重复' },
      { row: 3, deviceNumber: dealer1Number, problem: `设备已存在：${dealer1Name}` },
      // Another institution's device is not named, only said to be taken.
      { row: 4, deviceNumber: foreignNumber, problem: '设备已存在（属于其他机构）' },
      { row: 5, deviceNumber: badImei('86431903999999'), problem: 'IMEI 校验位不对（15位设备号按 IMEI 校验）' },
      { row: 6, deviceNumber: '1391235000A', problem: '设备号应为数字（IMEI 15位或终端手机号，最多20位）' },
      { row: 7, deviceNumber: '13912350006', problem: '缺少型号；ICCID 应以89开头' },
      { row: 8, deviceNumber: '13912350007', problem: 'ICCID 已被设备13912340001使用' },
      { row: 9, deviceNumber: '13912350008', problem: '多出1列（每行依次为设备号、型号、类型、ICCID、终端ID）' },
      { row: 10, deviceNumber: '13912350009', problem: '终端ID应为1–30位字母或数字' },
    ]);
    expect(await deviceCount()).toBe(before);
  });

  it('takes at most 5,000 devices at a time', async () => {
    const text = Array.from({ length: DEVICE_STOCK_LIMITS.maxRows + 1 }, (_, i) => `1391300${String(i).padStart(4, '0')},GT06N,有线,`).join('\n');
    expect((await check('finance1', { deptId: dept.dealer1, text })).json()).toEqual({ code: 400, msg: '每次最多导入5000台设备，请分批导入' });
  });

  it('imports 2,000 devices at once', async () => {
    const text = Array.from({ length: 2000 }, (_, i) => `1391400${String(i).padStart(4, '0')},GT06N,有线,`).join('\n');
    const res = await importing('finance1', { deptId: dept.finance1, text });
    expect(res.json().result).toMatchObject({ imported: 2000, deptId: dept.finance1 });
  });
});

describe('a sheet', () => {
  it('reads the template’s columns; a 15-digit IMEI typed as a number is fine, an ICCID typed as one is not', async () => {
    const number = imei('86525306100001');
    const content = await sheetOf([[Number(number), 'LK-900', '无线', 89860011111111110000], ['13912360002', 'GT06N', '有线', '89860011111111110001']]);
    const res = await importing('finance1', { deptId: dept.dealer2, file: { fileName: '采购.xlsx', content } });
    expect(res.json().result.problems).toEqual([{ row: 2, deviceNumber: number, problem: 'ICCID 请将单元格设为文本格式（数字格式会丢失位数）' }]);

    const fixed = await sheetOf([[Number(number), 'LK-900', '无线', '89860011111111110000'], ['13912360002', 'GT06N', '有线', '89860011111111110001']]);
    const ok = await importing('finance1', { deptId: dept.dealer2, file: { fileName: '采购.xlsx', content: fixed } });
    expect(ok.json().result).toMatchObject({ imported: 2, wired: 1, wireless: 1 });
    expect(await deviceOf(number)).toMatchObject({ kind: 2, dept_id: dept.dealer2 });
    const entry = await t.db.selectFrom('audit_log').select('detail').where('action', '=', 'device.import').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail)).toMatchObject({ count: 2, source: '表格 采购.xlsx' });
  });

  it('says what is wrong with a sheet that is not the template or not a sheet', async () => {
    const noKind = await sheetOf([['13912360003', 'GT06N']], ['设备号', '型号']);
    expect((await check('finance1', { deptId: dept.dealer2, file: { fileName: 'a.xlsx', content: noKind } })).json()).toEqual({ code: 400, msg: '表头缺少：类型（请使用导入模板）' });
    const notSheet = Buffer.from('plain text').toString('base64');
    expect((await check('finance1', { deptId: dept.dealer2, file: { fileName: 'a.xlsx', content: notSheet } })).json()).toEqual({ code: 400, msg: '文件不是有效的 .xlsx 表格' });
    expect((await check('finance1', { deptId: dept.dealer2 })).json()).toEqual({ code: 400, msg: '参数错误：text 请粘贴设备清单或选择 .xlsx 文件（二者选一）' });
  });

  it('offers a template with the columns and no example device', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/deviceStock/template', headers: { accessToken: tokens.finance1! } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows).toEqual([['设备号', '型号', '类型', 'ICCID', '终端ID']]);
  });
});

describe('where devices may go', () => {
  it('only into a finance institution or a dealer of the caller’s scope', async () => {
    const text = '13912370001,GT06N,有线,';
    expect((await check('finance1', { deptId: otherFinance, text })).json()).toEqual({ code: 404, msg: '部门不存在' });
    expect((await check('admin', { deptId: 999_999, text })).json()).toEqual({ code: 404, msg: '部门不存在' });
    expect((await check('stockkeeper1', { deptId: dept.dealer2, text })).json()).toEqual({ code: 404, msg: '部门不存在' });
    expect((await check('finance1', { deptId: installer, text })).json()).toEqual({ code: 400, msg: '参数错误：deptId 安装商不持有设备库存，请选择金融机构或经销商' });
    expect((await check('admin', { deptId: platform, text })).json()).toEqual({ code: 400, msg: '参数错误：deptId 平台不持有设备库存，请选择金融机构或经销商' });
    expect((await importing('stockkeeper1', { deptId: dept.dealer1, text })).json().result.imported).toBe(1);
  });

  it('not into a disabled department', async () => {
    await t.db.updateTable('dept').set({ disabled_at: Date.now(), disabled_by: 'admin' }).where('id', '=', dept.dealer3!).execute();
    try {
      const res = await check('finance1', { deptId: dept.dealer3, text: '13912370002,GT06N,有线,' });
      expect(res.json().code).toBe(400);
      expect(res.json().msg).toMatch(/已停用，不能导入设备$/);
    } finally {
      await t.db.updateTable('dept').set({ disabled_at: null, disabled_by: null }).where('id', '=', dept.dealer3!).execute();
    }
  });

  it('is refused to a user without device:stock', async () => {
    for (const res of [await check('dealer1', { deptId: dept.dealer1, text: '13912370003,GT06N,有线,' }), await importing('dealer1', { deptId: dept.dealer1, text: '13912370003,GT06N,有线,' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 401, msg: '没有权限执行此操作' });
    }
  });
});

describe('the stock page', () => {
  it('finds each state’s first page of a subtree through an index, never by reading every device (SQLite plan)', async () => {
    if (!isSqlite(t.db)) return;
    const repo = createDeviceStockRepository(t.db);
    const scope = { kind: 'depts' as const, deptIds: [dept.finance1!, dept.dealer1!, dept.dealer2!, dept.dealer3!] };
    for (const stockState of [undefined, ...StockStates]) {
      const q = repo.pageQuery(scope, { pageNumber: 1, pageSize: 20, deptId: dept.dealer1, stockState }).compile();
      const plan = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
      const steps = plan.rows.map((r) => r.detail);
      expect(steps.find((s) => / d\b/.test(s)), String(stockState)).toMatch(/^SEARCH d USING (COVERING )?INDEX device_(car|dept|retired) /);
    }
  });
});

describe('a stock sheet past the sheet limits (security.md, "Uploaded sheets")', () => {
  const sent = (file: Buffer) => check('finance1', { deptId: dept.dealer1, file: { fileName: '设备.xlsx', content: file.toString('base64') } });
  const header = rowXml(1, STOCK_SHEET_COLUMNS.map((c) => c.header));

  it('answers too wide a row, too long a cell, a zip bomb and millions of empty rows with the limit crossed', async () => {
    const cases: [Buffer, string][] = [
      [sheetOfRows(`${header}<row r="2"><c r="AMK2"><v>1</v></c></row>`), '表格第 2 行超过 1024 列，请删除多余的列后再导入'],
      [sheetOfRows(header + rowXml(2, ['013912340001', 'M'.repeat(32_768), '有线'])), '表格第 2 行有单元格超过 32767 个字符，请检查后再导入'],
      [xlsxOf(repeatedPart(SHEET, SHEET_HEAD, ' ', 1024 * 1024 * 1024, SHEET_TAIL)), '表格中的 xl/worksheets/sheet1.xml 解压后超过 160 MB，请拆分后再导入'],
      [xlsxOf(repeatedPart(SHEET, SHEET_HEAD + header, '<row/>', 10_000_000, SHEET_TAIL)), '表格超过 300000 行（含空行），请删除多余的行或拆分后再导入'],
    ];
    for (const [file, msg] of cases) {
      expect(file.length).toBeLessThan(DEVICE_STOCK_LIMITS.maxFileBytes);
      const res = await sent(file);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg });
    }
  });
});
