import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatTime } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { orderFixture, PNG, type OrderFixture } from '../../test/order-fixture.js';

let t: TestApp;
let f: OrderFixture;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-orders-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  f = await orderFixture(t);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('quick dispatch', () => {
  it('raises an order for a car in scope and sends it to the institution\'s only installer company', async () => {
    const res = await f.post('operator1', '/pd/quickDispatch', f.form());
    expect(res.json()).toMatchObject({ code: 200, msg: `派单成功，已派给${f.installer1Name}`, result: { state: 2 } });
    const detail = await f.detail('operator1', res.json().result.id);
    expect(detail.order).toMatchObject({ state: 2, carFrameNumber: f.car1.frame_number, deptId: f.car1.dept_id, installerName: f.installer1Name, createdByName: '张晓燕' });
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['create', 'dispatch']);
    expect(detail.history[0]).toMatchObject({ userName: '张晓燕', fromState: null, toState: 1 });
  });

  it.each([
    [{ phone: '138000000001' }, '联系电话最多11位'],
    [{ phone: '23800000000' }, '请输入正确的手机号码'],
    [{ reserveTime: formatTime(Date.now() - 2 * 86_400_000) }, '预约时间不能早于一天前'],
    [{ installProductId: undefined }, '安装单请选择安装产品'],
    [{ carFrameNumber: 'LNOSUCHFRAME00000' }, '车架号不存在或不在您的权限范围内'],
    [{ realName: '  ' }, '请输入联系人'],
  ])('refuses %o with a clear message', async (change, message) => {
    const res = await f.post('operator1', '/pd/quickDispatch', { ...f.form(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
  });

  it('does not let a dealer raise an order for another dealer\'s car', async () => {
    const res = await f.post('dealer2', '/pd/quickDispatch', f.form());
    expect(res.json()).toMatchObject({ code: 400, msg: '车架号不存在或不在您的权限范围内' });
  });

  it('finds cars by frame number within scope only, with brand and owner', async () => {
    const part = f.car1.frame_number.slice(-8);
    const mine = (await f.get('operator1', `/pd/order/searchCars?keyword=${part}`)).json().result;
    expect(mine[0]).toMatchObject({ carFrameNumber: f.car1.frame_number, brandName: expect.any(String), carOwnerName: expect.any(String) });
    expect((await f.get('dealer2', `/pd/order/searchCars?keyword=${part}`)).json().result).toEqual([]);
  });
});

describe('an install order, end to end', () => {
  let id: number;
  beforeAll(async () => {
    id = (await f.post('operator1', '/pd/quickDispatch', f.form())).json().result.id;
  });

  it('is worked only by the installer company it was sent to', async () => {
    expect((await f.post('installer2', '/pd/installer/acceptOrder', { id })).statusCode).toBe(404);
    expect((await f.post('dealer1', '/pd/installer/acceptOrder', { id })).statusCode).toBe(403);
    const ok = await f.post('installer1', '/pd/installer/acceptOrder', { id });
    expect(ok.json()).toMatchObject({ code: 200, msg: '已接单', result: { id, state: 3 } });
    const again = await f.post('installer1', '/pd/installer/acceptOrder', { id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('订单当前状态为“已接单”，不能接单');
  });

  it('checks every device number entered against stock, institution and the product', async () => {
    const [wired, wireless] = [f.stock.wired[0]!, f.stock.wireless[0]!];
    const bad = await f.post('installer1', '/pd/installer/setDevices', { id, deviceNumbers: `NOPE123\n${f.otherStock}, ${f.fitted}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe(`设备NOPE123不存在；设备${f.otherStock}不属于本机构；设备${f.fitted}已安装在其他车辆上，不是库存设备`);
    const twoWired = await f.post('installer1', '/pd/installer/setDevices', { id, deviceNumbers: [wired, f.stock.wired[1]!] });
    expect(twoWired.json().msg).toBe('安装产品需要1台有线、1台无线，录入的是2台有线');
    const ok = await f.post('installer1', '/pd/installer/setDevices', { id, deviceNumbers: `${wired} ${wireless}` });
    expect(ok.json()).toMatchObject({ code: 200, msg: '设备已登记' });
    expect(ok.json().result.map((d: { deviceNumber: string }) => d.deviceNumber).sort()).toEqual([wired, wireless].sort());
  });

  it('will not be marked installed without a photo, and takes only images and PDF', async () => {
    const early = await f.post('installer1', '/pd/installer/markInstalled', { id });
    expect(early.json()).toMatchObject({ code: 400, msg: '请先上传安装照片' });
    const text = await f.post('installer1', '/pd/installer/uploadFile', { orderId: id, fileName: 'a.jpg', content: Buffer.from('not an image').toString('base64') });
    expect(text.json()).toMatchObject({ code: 400, msg: '仅支持图片（JPG、PNG、WebP）或PDF文件' });
    const photo = await f.post('installer1', '/pd/installer/uploadFile', { orderId: id, fileName: '安装照片.png', content: PNG.toString('base64') });
    expect(photo.json()).toMatchObject({ code: 200, result: { fileName: '安装照片.png', mimeType: 'image/png', size: PNG.length, uploaderName: '孙国强' } });
    const fileId = photo.json().result.id as number;
    const stored = await t.db.selectFrom('dispatch_order_file').select('path').where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(fs.readFileSync(path.join(dataDir, stored.path)).equals(PNG)).toBe(true);

    const content = await t.app.inject({ method: 'GET', url: `/pd/order/file?id=${fileId}`, headers: { accessToken: f.tokens.operator1! } });
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.rawPayload.equals(PNG)).toBe(true);
    for (const outsider of ['dealer2', 'installer2', 'finance2']) {
      expect((await t.app.inject({ method: 'GET', url: `/pd/order/file?id=${fileId}`, headers: { accessToken: f.tokens[outsider]! } })).statusCode).toBe(404);
      expect((await f.get(outsider, `/api/riskOrder/getOrderFiles?orderId=${id}`)).statusCode).toBe(404);
    }
    expect((await f.get('dealer1', `/api/riskOrder/getOrderFiles?orderId=${id}`)).json().result).toHaveLength(1);
  });

  it('fits the devices to the car when marked installed, and then cannot be revoked', async () => {
    const res = await f.post('installer1', '/pd/installer/markInstalled', { id });
    expect(res.json()).toMatchObject({ code: 200, result: { state: 4 } });
    const fitted = await t.db.selectFrom('device').select(['car_id', 'dept_id', 'installer_dept_id', 'install_time'])
      .where('device_number', 'in', [f.stock.wired[0]!, f.stock.wireless[0]!]).execute();
    expect(fitted).toHaveLength(2);
    for (const d of fitted) expect(d).toMatchObject({ car_id: f.car1.id, dept_id: f.car1.dept_id, installer_dept_id: f.installer1Id, install_time: expect.any(Number) });
    const revoke = await f.post('operator1', '/pd/revokeInstallOrder', { id, reason: '客户取消' });
    expect(revoke.json()).toMatchObject({ code: 409, msg: '订单当前状态为“已安装待审核”，不能撤销' });
  });

  it('is audited by holders of the audit permission: a rejection needs a reason and sends it back', async () => {
    expect((await f.post('dealer1', '/pd/auditInstallOrder', { id, pass: true })).statusCode).toBe(403);
    const noReason = await f.post('operator1', '/pd/auditInstallOrder', { id, pass: false });
    expect(noReason.json()).toMatchObject({ code: 400 });
    expect(noReason.json().msg).toContain('请填写驳回原因');
    const rejected = await f.post('operator1', '/pd/auditInstallOrder', { id, pass: false, reason: '照片看不清车架号' });
    expect(rejected.json()).toMatchObject({ code: 200, result: { state: 3 } });
    expect((await f.detail('installer1', id)).order.reason).toBe('照片看不清车架号');
    expect((await f.post('installer1', '/pd/installer/markInstalled', { id })).json().result.state).toBe(4);
    const passed = await f.post('operator1', '/pd/auditInstallOrder', { id, pass: true });
    expect(passed.json()).toMatchObject({ code: 200, msg: '审核通过，订单已完成', result: { state: 5 } });
  });

  it('keeps every change in the order\'s history: who, from, to and why', async () => {
    const history = (await f.detail('finance1', id)).history as { action: string; userName: string | null; fromState: number | null; toState: number | null; reason: string | null }[];
    expect(history.map((h) => h.action)).toEqual(['create', 'dispatch', 'accept', 'devices', 'upload', 'install', 'reject', 'install', 'pass']);
    expect(history.find((h) => h.action === 'reject')).toMatchObject({ userName: '张晓燕', fromState: 4, toState: 3, reason: '照片看不清车架号' });
    expect(history.find((h) => h.action === 'accept')).toMatchObject({ userName: '孙国强', fromState: 2, toState: 3 });
    expect(history.find((h) => h.action === 'upload')).toMatchObject({ fromState: 3, toState: null, reason: '安装照片.png' });
  });
});

describe('re-dispatch and revoke', () => {
  it('sends an order to another installer company of its institution only', async () => {
    const id = (await f.post('operator1', '/pd/quickDispatch', f.form())).json().result.id;
    const same = await f.post('operator1', '/pd/reDispatch', { id, installerDeptId: f.installer1Id });
    expect(same.json()).toMatchObject({ code: 400, msg: '订单已派给该安装商，请选择另一家' });
    const foreign = await f.post('operator1', '/pd/reDispatch', { id, installerDeptId: f.installer2Id });
    expect(foreign.json()).toMatchObject({ code: 400, msg: '安装商不属于该订单的金融机构' });
    const second = await f.secondInstaller();
    expect((await f.get('operator1', `/pd/order/installers?id=${id}`)).json().result.map((i: { id: number }) => i.id)).toEqual([f.installer1Id, second]);
    const moved = await f.post('operator1', '/pd/reDispatch', { id, installerDeptId: second, reason: '原安装商排期已满' });
    expect(moved.json()).toMatchObject({ code: 200, result: { state: 2 } });
    expect((await f.get('installer1', `/pd/order/detail?id=${id}`)).statusCode).toBe(404);
    const last = (await f.detail('operator1', id)).history.at(-1);
    expect(last).toMatchObject({ action: 'redispatch', reason: expect.stringContaining('原安装商排期已满') });
  });

  it('waits for the operator to choose when the institution has several installer companies, and revokes until installed', async () => {
    const raised = (await f.post('operator1', '/pd/quickDispatch', f.form())).json();
    expect(raised).toMatchObject({ code: 200, msg: '订单已创建，请选择安装商派单', result: { state: 1 } });
    const id = raised.result.id;
    expect((await f.post('operator1', '/pd/revokeInstallOrder', { id })).statusCode).toBe(400);
    expect((await f.post('operator1', '/pd/revokeInstallOrder', { id, reason: '客户取消安装' })).json()).toMatchObject({ code: 200, msg: '订单已撤销', result: { state: 7 } });
    const dispatch = await f.post('operator1', '/pd/reDispatch', { id, installerDeptId: f.installer1Id });
    expect(dispatch.json()).toMatchObject({ code: 409, msg: '订单当前状态为“已撤销”，不能派单' });
  });
});

describe('lists, scope and counts', () => {
  it('shows each caller exactly the orders of their scope, with the tabs\' counts', async () => {
    const all = (await f.post('finance1', '/pd/query/order/listDispatchOrders', { pageNumber: 1, pageSize: 100 })).json().result;
    expect(all.count).toBeGreaterThanOrEqual(4);
    expect(Object.values(all.stateCounts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(all.count);
    const completed = (await f.post('finance1', '/pd/query/order/listDispatchOrders', { pageNumber: 1, pageSize: 100, state: 5 })).json().result;
    expect(completed.list.every((o: { state: number }) => o.state === 5)).toBe(true);
    expect(completed.stateCounts).toEqual(all.stateCounts);
    for (const outsider of ['dealer2', 'finance2']) {
      expect((await f.post(outsider, '/pd/query/order/listDispatchOrders', { pageNumber: 1, pageSize: 100 })).json().result.count).toBe(0);
    }
    expect((await f.post('installer2', '/pd/installer/listOrders', { pageNumber: 1, pageSize: 100 })).json().result.count).toBe(0);
    const mine = (await f.post('installer1', '/pd/installer/listOrders', { pageNumber: 1, pageSize: 100 })).json().result;
    expect(mine.list.every((o: { installerDeptId: number }) => o.installerDeptId === f.installer1Id)).toBe(true);
    // Not the one sent to the second company, nor the one that never left 待派单.
    expect(mine.count).toBe(all.count - 2);
    expect((await f.post('installer1', '/pd/query/order/listDispatchOrders', { pageNumber: 1, pageSize: 1 })).statusCode).toBe(403);
    const counts = (await f.get('finance1', '/pd/dispatch/report/countDispatchOrderForFK')).json().result;
    expect(counts).toMatchObject({ total: all.count, byState: all.stateCounts, today: all.count });
  });

  it('finds orders by keyword and refuses a reversed period', async () => {
    const hit = (await f.post('finance1', '/pd/query/order/listDispatchOrders', { pageNumber: 1, pageSize: 5, keyword: f.car1.frame_number.slice(-6).toLowerCase() })).json().result;
    expect(hit.count).toBeGreaterThan(0);
    const reversed = await f.post('finance1', '/pd/query/order/listDispatchOrders', { pageNumber: 1, pageSize: 5, createdStart: '2026-11-02 00:00:00', createdEnd: '2026-11-01 00:00:00' });
    expect(reversed.statusCode).toBe(400);
  });
});
