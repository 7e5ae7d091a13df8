import ExcelJS from 'exceljs';
import { LOAN_SHEET_COLUMNS, type LoanImportStatus } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repeatedPart, rowXml, SHARED, SHARED_HEAD, SHARED_TAIL, SHEET, SHEET_HEAD, SHEET_TAIL, sheetOfRows, xlsxOf } from '../../test/sheet-files.js';
import { vinCheckDigit } from '../../demo/vehicles.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { hashKey } from '../ingest/integration-key.js';
import { FRAME_ELSEWHERE } from './car-row-check.js';
import { createLoanImportRepository } from './loan-import.repository.js';
import { idCheckChar } from './loan-row-check.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let dealer1 = '';
let dealer2 = '';
const DEALER_KEY = 'dealer1-loan-key-000000001';

const idCard = (n: number) => {
  const first = `33010619900307${String(n).padStart(3, '0')}`;
  return first + idCheckChar(first);
};
const loanRow = (n: number, over: Record<string, unknown> = {}) => ({
  customerName: `导入客户${n}`, phone: `1380000${String(n).padStart(4, '0')}`, idCard: idCard(n), address: '浙江省杭州市西湖区',
  dealerName: dealer1, contractNo: `IMP${String(n).padStart(6, '0')}`, loanAmount: 120000, termMonths: 36, repaymentDay: 10,
  startDate: '2025-06-01', overdueDays: 0, loanStatus: '正常', ...over,
});

/** A frame number with a valid check character, distinct per `n`. */
const vin = (n: number) => {
  const draft = `LSVAM4180N2${String(n).padStart(6, '0')}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
};
const carOf = (frameNumber: string, over: Record<string, unknown> = {}) => ({ frameNumber, brandName: '大众', modelName: '朗逸', ...over });
/** The template before the car's columns. */
const OLD_COLUMNS = LOAN_SHEET_COLUMNS.filter((c) => !['frameNumber', 'plateNumber', 'brandName', 'modelName', 'color'].includes(c.field));

async function sheetOf(rows: Record<string, unknown>[], columns: readonly { header: string; field: string }[] = LOAN_SHEET_COLUMNS): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('贷款');
  sheet.addRow(columns.map((c) => c.header));
  for (const r of rows) sheet.addRow(columns.map((c) => (r[c.field] ?? null) as ExcelJS.CellValue));
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

const post = (user: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });

/** Uploads a sheet and follows its job to the end, as the console's progress does. */
async function importSheet(user: string, rows: Record<string, unknown>[], columns = LOAN_SHEET_COLUMNS as Parameters<typeof sheetOf>[1]): Promise<LoanImportStatus> {
  const res = await post(user, '/api/loan/importFile', { fileName: '贷款.xlsx', content: await sheetOf(rows, columns) });
  expect(res.json().code).toBe(200);
  const id = res.json().result.id as number;
  for (;;) {
    const status = (await t.app.inject({ method: 'GET', url: `/api/loan/importStatus?id=${id}`, headers: { accessToken: tokens[user]! } })).json().result as LoanImportStatus;
    if (!['reading', 'checking', 'saving'].includes(status.phase)) return status;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const loanOf = (contractNo: string) => t.db.selectFrom('loan').selectAll().where('contract_no', '=', contractNo).executeTakeFirst();
const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: { accessToken: tokens[user]! } });
/** A car of the dealer `username` sits in, from the demo data. */
const demoCarOf = async (username: string) =>
  (await t.db.selectFrom('car').innerJoin('app_user', 'app_user.dept_id', 'car.dept_id').select('car.frame_number').where('username', '=', username).orderBy('car.id').executeTakeFirstOrThrow()).frame_number;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['finance1', 'dealer1', 'operator1']) tokens[u] = await t.login(u);
  const deptName = async (u: string) =>
    (await t.db.selectFrom('app_user').innerJoin('dept', 'dept.id', 'app_user.dept_id').select('dept.name').where('username', '=', u).executeTakeFirstOrThrow()).name;
  dealer1 = await deptName('dealer1');
  const d2 = await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer2').executeTakeFirstOrThrow();
  dealer2 = (await t.db.selectFrom('dept').select('name').where('id', '=', d2.dept_id).executeTakeFirstOrThrow()).name;
  const d1 = await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer1').executeTakeFirstOrThrow();
  await t.db.insertInto('integration').values({ dept_id: d1.dept_id, name: '放款系统', key_hash: hashKey(DEALER_KEY), created_at: Date.now() }).execute();
});
afterAll(() => t.close());

describe('loan import from a sheet', () => {
  it('reports every bad row and stores nothing; the corrected sheet stores all', async () => {
    const good = [loanRow(1), loanRow(2), loanRow(3, { overdueDays: 45, loanStatus: '逾期' })];
    const bad = [
      loanRow(4, { idCard: idCard(4).slice(0, 17) + (idCard(4).endsWith('0') ? '1' : '0') }),
      loanRow(5, { phone: '12345' }),
      loanRow(6, { dealerName: '不存在的4S店', loanAmount: 'abc' }),
    ];
    const rejected = await importSheet('finance1', [...good, ...bad]);
    expect(rejected.phase).toBe('rejected');
    expect(rejected.errorCount).toBe(3);
    expect(rejected.errors.map((e) => `${e.row}:${e.field}`)).toEqual(['5:身份证号', '6:手机号', '7:经销商', '7:贷款金额(元)']);
    expect(rejected.errors[0]!.message).toBe('身份证号校验位不正确');
    expect(await loanOf('IMP000001')).toBeUndefined();

    const done = await importSheet('finance1', [...good, loanRow(4), loanRow(5), loanRow(6)]);
    expect(done).toMatchObject({ phase: 'done', total: 6, created: 6, updated: 0, errorCount: 0 });
    expect(await loanOf('IMP000003')).toMatchObject({ overdue_days: 45, status: 'overdue', amount_cents: 12_000_000, overdue_amount_cents: 333_333 * 2 });
  });

  it('updates a contract imported again, and the home page counts the new overdue customer', async () => {
    const home = async () => (await t.app.inject({ method: 'GET', url: '/api/indexMonitoring/customerCount', headers: { accessToken: tokens.finance1! } })).json().result;
    const before = await home();
    const done = await importSheet('finance1', [loanRow(1, { overdueDays: 20, loanStatus: '逾期', customerName: '导入客户甲' })]);
    expect(done).toMatchObject({ phase: 'done', created: 0, updated: 1 });
    expect(await loanOf('IMP000001')).toMatchObject({ overdue_days: 20, status: 'overdue' });
    const rows = await t.db.selectFrom('loan').select('id').where('contract_no', '=', 'IMP000001').execute();
    expect(rows).toHaveLength(1);
    const after = await home();
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
  });

  it("keeps a dealer's staff to their own dealer and their own imports", async () => {
    const other = await importSheet('finance1', [loanRow(30, { dealerName: dealer2 })]);
    expect(other.phase).toBe('done');
    // dealer1's role does not load loans at all.
    expect((await post('dealer1', '/api/loan/importFile', { fileName: 'a.xlsx', content: 'AAAA' })).statusCode).toBe(403);
    const status = await t.app.inject({ method: 'GET', url: `/api/loan/importStatus?id=${other.id}`, headers: { accessToken: tokens.operator1! } });
    expect(status.statusCode).toBe(403);
  });

  it("registers the row's car under its dealer and customer, so an install order can be raised for it", async () => {
    const frame = vin(70);
    const done = await importSheet('finance1', [loanRow(70, carOf(frame.toLowerCase(), { plateNumber: '浙A·7K123', color: '白色' }))]);
    expect(done).toMatchObject({ phase: 'done', created: 1, errorCount: 0 });
    const found = (await get('operator1', `/pd/order/searchCars?keyword=${frame}`)).json().result;
    expect(found).toEqual([{ carId: expect.any(Number), carFrameNumber: frame, plateNumber: '浙A7K123', brandName: '大众', carOwnerName: '导入客户70', deptName: dealer1 }]);
    const order = await post('operator1', '/pd/quickDispatch', {
      realName: '王师傅', phone: '13912345678', carOwnerName: '导入客户70', reserveTime: '2099-01-01 10:00:00', orderType: 1, brandName: '大众',
      carFrameNumber: frame, deviceSource: 1, installProductId: 1, address: '浙江省杭州市西湖区文三路90号', lng: 120.1265, lat: 30.2789,
    });
    expect(order.json(), order.body).toMatchObject({ code: 200 });
    // The region it must stay in is its dealer's, for the left-region warning.
    const car = await t.db.selectFrom('car').innerJoin('dept', 'dept.id', 'car.dept_id').select(['car.region_province', 'car.region_city', 'dept.province', 'dept.city'])
      .where('frame_number', '=', frame).executeTakeFirstOrThrow();
    expect([car.region_province, car.region_city]).toEqual([car.province, car.city]);

    // Imported again: plate, colour and model follow; a sheet of the older template leaves the car as it is.
    expect(await importSheet('finance1', [loanRow(70, carOf(frame, { modelName: '帕萨特', plateNumber: '浙AD12345', color: '黑色' }))])).toMatchObject({ phase: 'done', updated: 1 });
    expect(await importSheet('finance1', [loanRow(70, { overdueDays: 3, loanStatus: '逾期' })], OLD_COLUMNS)).toMatchObject({ phase: 'done', updated: 1 });
    const list = (await post('finance1', '/api/car/getCarDeviceList', { pageNumber: 1, pageSize: 10, carFrameNumber: frame })).json().result;
    expect(list.list.map((c: { plateNumber: string; modelName: string; color: string; customerName: string }) => [c.plateNumber, c.modelName, c.color, c.customerName]))
      .toEqual([['浙AD12345', '帕萨特', '黑色', '导入客户70']]);
  });

  it('refuses a car it cannot register, naming each row and column, and stores nothing', async () => {
    const wrongCheck = vin(71).slice(0, 8) + (vin(71)[8] === '0' ? '1' : '0') + vin(71).slice(9);
    const rejected = await importSheet('finance1', [
      loanRow(71, carOf(wrongCheck)),
      loanRow(72, carOf('LSVAM4180N20000I1')),
      loanRow(73, carOf(vin(73), { brandName: '上汽大众' })),
      loanRow(74, carOf(vin(74), { modelName: '卡罗拉' })),
      loanRow(75, carOf(vin(70))),
      loanRow(76, carOf(await demoCarOf('dealer4'))),
      loanRow(77, { plateNumber: '浙A12345' }),
      loanRow(78, carOf(vin(78), { plateNumber: 'A12345' })),
      loanRow(79, carOf(vin(79))),
      loanRow(80, carOf(vin(79))),
    ]);
    expect(rejected).toMatchObject({ phase: 'rejected', errorCount: 9 });
    expect(rejected.errors.map((e) => `${e.row}:${e.field}:${e.message}`)).toEqual([
      '2:车架号:车架号第9位校验位不正确，请核对',
      '3:车架号:车架号应为17位字母或数字（不含I、O、Q）',
      '4:品牌:品牌“上汽大众”不在品牌库中，是否为“大众”？',
      '5:车型:车型“卡罗拉”不是大众的车型，可选：朗逸、帕萨特、途观L、速腾、迈腾',
      '6:车架号:车架号已登记在您管辖范围内的其他客户名下',
      `7:车架号:${FRAME_ELSEWHERE}`,
      '8:车架号:填写车辆信息时请填写车架号',
      '9:车牌号:车牌号格式不正确（如 浙A12345，新能源 浙AD12345）',
      '11:车架号:车架号与第10行相同，但不是同一客户',
    ]);
    expect(await loanOf('IMP000079')).toBeUndefined();
    expect(await t.db.selectFrom('car').select('id').where('frame_number', '=', vin(79)).executeTakeFirst()).toBeUndefined();
  });

  it('stores nothing of an all-or-nothing call (JSON) when a checked car was registered for another customer before the write', async () => {
    const other = await t.db.selectFrom('car').select(['frame_number', 'brand_id', 'model_id', 'plate_number']).where('frame_number', '=', await demoCarOf('dealer4')).executeTakeFirstOrThrow();
    const dealerId = (await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer1').executeTakeFirstOrThrow()).dept_id;
    const loan = {
      customerName: '导入客户81', phone: '13800000081', idCard: idCard(81), address: '', dealerId, contractNo: 'IMP000081', amountCents: 1_000_000, termMonths: 12,
      repaymentDay: 1, startDay: 20250601, overdueDays: 0, overdueAmountCents: 0, status: 'normal' as const,
      car: { frameNumber: other.frame_number, plateNumber: '浙A00081', brandId: other.brand_id, modelId: other.model_id, color: '' },
    };
    await expect(createLoanImportRepository(t.db).apply([loan], Date.now())).rejects.toThrow(`车架号${other.frame_number}在导入期间已被登记，未导入任何数据，请重新导入`);
    expect(await loanOf('IMP000081')).toBeUndefined();
    expect((await t.db.selectFrom('car').select('plate_number').where('frame_number', '=', other.frame_number).executeTakeFirstOrThrow()).plate_number).toBe(other.plate_number);
  });

  it('fails a sheet without the template headers, saying which are missing', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('x').addRow(['姓名', '电话']);
    const content = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const res = await post('finance1', '/api/loan/importFile', { fileName: 'x.xlsx', content });
    let status = res.json().result as LoanImportStatus;
    while (['reading', 'checking', 'saving'].includes(status.phase)) {
      await new Promise((resolve) => setImmediate(resolve));
      status = (await t.app.inject({ method: 'GET', url: `/api/loan/importStatus?id=${status.id}`, headers: { accessToken: tokens.finance1! } })).json().result;
    }
    expect(status.phase).toBe('failed');
    expect(status.message).toContain('表头缺少：客户姓名、手机号、身份证号');
  });

  it('offers a template whose example row imports cleanly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/loan/importTemplate', headers: { accessToken: tokens.finance1! } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const upload = await post('finance1', '/api/loan/importFile', { fileName: '模板.xlsx', content: res.rawPayload.toString('base64') });
    let status = upload.json().result as LoanImportStatus;
    while (['reading', 'checking', 'saving'].includes(status.phase)) {
      await new Promise((resolve) => setImmediate(resolve));
      status = (await t.app.inject({ method: 'GET', url: `/api/loan/importStatus?id=${status.id}`, headers: { accessToken: tokens.finance1! } })).json().result;
    }
    expect(status).toMatchObject({ phase: 'done', total: 1, errorCount: 0 });
    // Its car too, with the catalogue's first brand.
    const car = await t.db.selectFrom('car').innerJoin('loan', 'loan.customer_id', 'car.customer_id').innerJoin('car_brand', 'car_brand.id', 'car.brand_id')
      .select(['car.frame_number', 'car_brand.name']).where('loan.contract_no', '=', 'HT2026000001').executeTakeFirst();
    expect(car).toMatchObject({ frame_number: expect.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/), name: expect.any(String) });
  });
});

describe('POST /api/loan/import (integrations)', () => {
  const send = (key: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/loan/import', headers: key ? { 'x-api-key': key } : {}, payload });

  it("stores a dealer integration's loans, all or none, naming each bad row", async () => {
    const ok = await send(DEALER_KEY, { loans: [loanRow(50), loanRow(51)] });
    expect(ok.json(), ok.body).toMatchObject({ code: 200, result: { created: 2, updated: 0 } });
    // dealer2's car is in finance1's scope, not in this dealer key's: answered as any other institution's.
    const bad = await send(DEALER_KEY, { loans: [loanRow(52), loanRow(53, { dealerName: dealer2 }), loanRow(54, { startDate: '2025-02-30' }), loanRow(55, carOf(await demoCarOf('dealer2')))] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(
      `第2条 dealerName：经销商“${dealer2}”不存在或不在您的管辖范围内；第3条 startDate：放款日期应为存在的日期（YYYY-MM-DD）；第4条 frameNumber：${FRAME_ELSEWHERE}，共3条有误，未导入任何数据`,
    );
    expect(await loanOf('IMP000052')).toBeUndefined();
  });

  it('answers a missing or wrong key before reading the body', async () => {
    for (const key of [undefined, 'wrong-key']) {
      const res = await send(key, { nonsense: true });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 5003, msg: 'API key 无效' });
    }
    expect((await send(DEALER_KEY, { loans: [] })).json()).toEqual({ code: 400, msg: '参数错误：loans 至少需要一条贷款' });
  });
});

/** Uploads a file as it is and follows its job to the end on `app`. */
async function uploadAndFollow(app: TestApp, token: string, content: Buffer): Promise<LoanImportStatus> {
  const res = await app.app.inject({ method: 'POST', url: '/api/loan/importFile', headers: { accessToken: token }, payload: { fileName: '贷款.xlsx', content: content.toString('base64') } });
  expect(res.json(), res.body).toMatchObject({ code: 200 });
  return follow(app, token, res.json().result.id as number);
}

async function follow(app: TestApp, token: string, id: number): Promise<LoanImportStatus> {
  for (;;) {
    const status = (await app.app.inject({ method: 'GET', url: `/api/loan/importStatus?id=${id}`, headers: { accessToken: token } })).json().result as LoanImportStatus;
    if (!['reading', 'checking', 'saving'].includes(status.phase)) return status;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Valid loans numbered `i`, each with its own identity, phone and contract (MID…). */
function validLoan(i: number): Record<string, unknown> {
  const first = `330106${1970 + (i % 30)}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}${String(Math.floor(i / 10) % 1000).padStart(3, '0')}`;
  return loanRow(i, { idCard: first + idCheckChar(first), phone: `137${String(i).padStart(8, '0')}`, contractNo: `MID${String(i).padStart(6, '0')}` });
}
const headerRow = () => rowXml(1, LOAN_SHEET_COLUMNS.map((c) => c.header));
const loanCells = (r: Record<string, unknown>) => LOAN_SHEET_COLUMNS.map((c) => (r[c.field] ?? null) as string | number | null);
const midLoans = async () => Number((await t.db.selectFrom('loan').select((eb) => eb.fn.countAll<number>().as('n')).where('contract_no', 'like', 'MID%').executeTakeFirstOrThrow()).n);

describe('a loan sheet past the sheet limits (security.md, "Uploaded sheets")', () => {
  it('fails a zip bomb and a sheet of millions of empty rows with their limits, storing nothing', async () => {
    const bomb = xlsxOf(repeatedPart(SHEET, SHEET_HEAD, ' ', 2048 * 1024 * 1024, SHEET_TAIL));
    expect(await uploadAndFollow(t, tokens.finance1!, bomb)).toMatchObject({ phase: 'failed', message: '表格中的 xl/worksheets/sheet1.xml 解压后超过 160 MB，请拆分后再导入' });
    const empty = xlsxOf(repeatedPart(SHEET, SHEET_HEAD + headerRow(), '<row/>', 10_000_000, SHEET_TAIL));
    expect(await uploadAndFollow(t, tokens.finance1!, empty)).toMatchObject({ phase: 'failed', message: '表格超过 300000 行（含空行），请删除多余的行或拆分后再导入' });
  });

  it('fails a sheet that goes wrong half-way, storing none of the good rows before it', async () => {
    const good = Array.from({ length: 2_500 }, (_, i) => rowXml(i + 2, loanCells(validLoan(i + 100)))).join('');
    const sheet = sheetOfRows(headerRow() + good + rowXml(2_502, ['客'.repeat(40_000)]));
    const status = await uploadAndFollow(t, tokens.finance1!, sheet);
    expect(status).toMatchObject({ phase: 'failed', message: '表格第 2502 行有单元格超过 32767 个字符，请检查后再导入' });
    expect(await midLoans()).toBe(0);
    // The same rows without the bad one import: they were good, and nothing of them was left behind.
    expect(await uploadAndFollow(t, tokens.finance1!, sheetOfRows(headerRow() + good))).toMatchObject({ phase: 'done', created: 2_500 });
    expect(await midLoans()).toBe(2_500);
  });
});

describe('loan sheets beside each other (SHEET_IMPORT_CONCURRENCY 1, SHEET_IMPORT_QUEUE 0, SHEET_WORKER_MEMORY_MB 16)', () => {
  let busy: TestApp;
  let token = '';
  beforeAll(async () => {
    busy = await createTestApp({ SHEET_IMPORT_CONCURRENCY: '1', SHEET_IMPORT_QUEUE: '0', SHEET_WORKER_MEMORY_MB: '16' });
    token = await busy.login('finance1');
  });
  afterAll(() => busy.close());

  it('refuses an upload while the sheets it may read are all being read (429), and takes it after', async () => {
    // The same demo data: dealer1's name is a dealer of finance1 here too.
    const file = (n: number) => sheetOfRows(headerRow() + rowXml(2, loanCells(validLoan(n)))).toString('base64');
    const upload = (n: number) => busy.app.inject({ method: 'POST', url: '/api/loan/importFile', headers: { accessToken: token }, payload: { fileName: `${n}.xlsx`, content: file(n) } });
    // Either may be first to the slot: on PostgreSQL the session reads before it can finish in either order.
    const replies = await Promise.all([upload(1), upload(2)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    const [first, second] = replies[0]!.statusCode === 200 ? replies : [replies[1]!, replies[0]!];
    expect(second!.json()).toEqual({ code: 429, msg: '正在读取的表格较多（同时读取 1 个，另有 0 个排队），请稍后再导入' });
    expect(await follow(busy, token, first!.json().result.id)).toMatchObject({ phase: 'done', created: 1 });
    const third = await upload(3);
    expect(await follow(busy, token, third.json().result.id)).toMatchObject({ phase: 'done', created: 1 });
  });

  it('fails a sheet whose reading outgrows the worker, saying so', async () => {
    const shared = repeatedPart(SHARED, SHARED_HEAD, '<si><t>客户名称一二三四五六七八九十</t></si>', 600_000, SHARED_TAIL);
    const status = await uploadAndFollow(busy, token, xlsxOf(repeatedPart(SHEET, SHEET_HEAD + headerRow(), '', 0, SHEET_TAIL), shared));
    expect(status).toMatchObject({ phase: 'failed', message: '读取表格所需内存超过 16 MB，请拆分后再导入' });
  });
});
