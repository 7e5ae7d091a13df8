import { formatTime, WARNING_TYPES, type WarningListItem } from '@cvrisk/contracts';
import { expect } from 'vitest';
import { vinCheckDigit } from '../demo/vehicles.js';
import { PASSWORD_MUST_CHANGE } from '../lib/errors.js';
import { locationFix, VirtualTerminal } from '../telemetry/simulator/virtual-terminal.js';
import { PNG } from './order-fixture.js';

/** A caller of the product's HTTP API, as a browser or an integration is: over the network, by path. */
type Reply = { status: number; body: { code: number; msg: string; result?: unknown; data?: unknown } };

function client(baseUrl: string) {
  return async (path: string, body: object | null, headers: Record<string, string> = {}): Promise<Reply> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Reply['body'] };
  };
}

/**
 * The first hour of a real deployment (issue 29), through the API only: the platform administrator
 * signs in with the one-time password the first start printed, is refused everything until the
 * change, builds an institution (a dealer, an installer company, a role, users), takes three
 * terminals into the dealer's stock, receives a loan with its car from the institution's system,
 * has a terminal fitted through an install order; the terminal registers, reports and loses its
 * power; the dealer's user sees the car's power-cut warning. `jt808Port`: a gateway of the product.
 */
export async function playFirstHour(baseUrl: string, jt808Port: number, initialPassword: string): Promise<void> {
  const http = client(baseUrl);
  const as = (token: string) => (path: string, body: object | null = {}) => http(path, body, { accessToken: token });
  const ok = async (reply: Promise<Reply>) => {
    const r = await reply;
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    return (r.body.result ?? r.body.data) as never;
  };
  /** Signs in a user whose password someone else set, and replaces it with their own. */
  const firstSignIn = async (username: string, given: string) => {
    const { accessToken, mustChangePassword } = await ok(http('/api/login', { username, password: given })) as { accessToken: string; mustChangePassword: boolean };
    expect(mustChangePassword).toBe(true);
    await ok(as(accessToken)('/api/account/changePassword', { oldPassword: given, newPassword: `${username}Own2026` }));
    return as(accessToken);
  };

  // The administrator: nothing opens before the one-time password is replaced.
  const { accessToken } = await ok(http('/api/login', { username: 'admin', password: initialPassword })) as { accessToken: string };
  const refused = await as(accessToken)('/api/system/dept/list', {});
  expect(refused).toEqual({ status: 403, body: { code: 401, msg: PASSWORD_MUST_CHANGE } });
  await ok(as(accessToken)('/api/account/changePassword', { oldPassword: initialPassword, newPassword: 'PlatformOwn2026' }));
  const admin = as(accessToken);

  // The institution, its dealer and its installer company; a role for the dealer's staff; two users.
  const [platform] = await ok(admin('/api/system/dept/list', {})) as { id: number }[];
  const dept = (parentId: number, kind: string, name: string) => ok(admin('/api/system/dept/create', { parentId, kind, name, province: '浙江省', city: '杭州市' })) as Promise<{ id: number }>;
  const finance = await dept(platform!.id, 'finance', '钱塘汽车金融');
  const dealer = await dept(finance.id, 'dealer', '钱塘宝马4S店');
  const installer = await dept(finance.id, 'installer', '钱塘车联安装');
  const role = await ok(admin('/api/system/role/create', { name: '经销商风控专员', permissions: ['warning:view', 'warning:handle', 'customer:view'] })) as { id: number };
  const roles = await ok(admin('/api/system/role/list', {})) as { id: number; name: string }[];
  const installerRole = roles.find((r) => r.name === '安装师傅')!;
  await ok(admin('/api/system/user/create', { username: 'qtdealer', realname: '钱塘专员', deptId: dealer.id, roleId: role.id, password: 'Handed2026x' }));
  await ok(admin('/api/system/user/create', { username: 'qtfitter', realname: '钱塘师傅', deptId: installer.id, roleId: installerRole.id, password: 'Handed2026y' }));

  // Three terminals bought by the dealer; the loan and its car from the institution's own system.
  const numbers = ['14129290001', '14129290002', '14129290003'];
  const stocked = await ok(admin('/api/system/deviceStock/import', { deptId: dealer.id, text: numbers.map((n) => `${n},GT06N,有线,8986011${n}0`).join('\n') }));
  expect(stocked).toMatchObject({ imported: 3, wired: 3, problemCount: 0 });
  const { apiKey } = await ok(admin('/api/integration/create', { name: '信贷系统', deptId: finance.id })) as { apiKey: string };
  const draft = 'LSVCC2A40RN290001';
  const vin = draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
  const plate = '浙A9F290';
  const loan = {
    customerName: '周明远', phone: '13900001111', idCard: '33010619900101123X', dealerName: '钱塘宝马4S店', contractNo: 'QT-2026-0001',
    loanAmount: 180000, termMonths: 36, repaymentDay: 15, startDate: '2026-10-15', frameNumber: vin, plateNumber: plate, brandName: '大众', modelName: '朗逸',
  };
  expect(await ok(http('/api/loan/import', { loans: [loan] }, { 'x-api-key': apiKey }))).toEqual({ created: 1, updated: 0 });

  // The install order: the institution's only installer company gets it at once.
  const products = await ok(admin('/pd/install/product/allProducts', null)) as { id: number; wiredCount: number; wirelessCount: number }[];
  const wiredOnly = products.find((p) => p.wiredCount === 1 && p.wirelessCount === 0)!;
  const order = await ok(admin('/pd/quickDispatch', {
    realName: '周明远', phone: '13900001111', carOwnerName: '周明远', reserveTime: formatTime(Date.now() + 3_600_000), orderType: 1, brandName: '大众',
    carFrameNumber: vin, deviceSource: 1, installProductId: wiredOnly.id, address: '浙江省杭州市上城区钱江路1号', lng: 120.2126, lat: 30.2466,
  })) as { id: number };
  const fitter = await firstSignIn('qtfitter', 'Handed2026y');
  await ok(fitter('/pd/installer/acceptOrder', { id: order.id }));
  await ok(fitter('/pd/installer/uploadFile', { orderId: order.id, fileName: '安装照片.png', content: PNG.toString('base64') }));
  await ok(fitter('/pd/installer/setDevices', { id: order.id, deviceNumbers: [numbers[0]] }));
  await ok(fitter('/pd/installer/markInstalled', { id: order.id }));

  // The fitted terminal powers on, registers (its window opened by the order), reports, and its power is cut.
  const vt = new VirtualTerminal({ host: '127.0.0.1', port: jt808Port, deviceNumber: numbers[0]!, version: 2013, model: 'GT06N', replyTimeoutMs: 5000 });
  await vt.connect();
  try {
    const code = await vt.register();
    expect(code).not.toBeNull();
    expect(await vt.authenticate(code!)).toBe(true);
    const now = Math.floor(Date.now() / 1000) * 1000;
    const at = { lng: 120.2126, lat: 30.2466, speed: 0, direction: 0, acc: true };
    expect(await vt.report(locationFix({ time: now - 20_000, ...at }))).toBe(0);
    expect(await vt.report(locationFix({ time: now - 10_000, ...at, alarm: 1 << 8 }))).toBe(0);
  } finally {
    vt.close();
  }

  // The dealer's staff see it, on the car.
  const dealerUser = await firstSignIn('qtdealer', 'Handed2026x');
  const powerCuts = async () => ((await ok(dealerUser('/api/report/riskWarning/findList', { warningType: WARNING_TYPES.powerCut.code }))) as { list: WarningListItem[] }).list;
  await expect.poll(powerCuts, { timeout: 20_000 }).toEqual([expect.objectContaining({ deviceNumber: numbers[0], plateNumber: plate, carFrameNumber: vin, deptName: '钱塘宝马4S店' })]);
}
