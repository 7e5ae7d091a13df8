import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlFixture, type ControlFixture } from '../../test/control-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: ControlFixture;

beforeAll(async () => {
  // The module's own sweep stays out of the way: these tests drive every step themselves.
  t = await createTestApp({ CONTROL_SWEEP_SECONDS: '3600' });
  f = await controlFixture(t);
});
afterAll(async () => t.close());

/** A fresh case on the `nth` car fitted with `model`, its device stopped on a fix a minute old. */
async function caseOn(model: string, nth: number, speed = 0) {
  const car = await f.carWith(model, nth);
  await f.setFix(car.device_id, speed, 1);
  return { car, caseId: await f.openCase(car) };
}

async function requested(user: string, caseId: number, deviceNumber: string, action: 'cut' | 'restore' = 'cut'): Promise<number> {
  const res = await f.request(user, caseId, deviceNumber, action);
  if (res.json().code !== 200) throw new Error(res.body);
  return res.json().result.id as number;
}

describe('asking for immobilisation', () => {
  it('stores a pending request with the case event and audit entry, and refuses a second one on the device', async () => {
    const { car, caseId } = await caseOn('GT06N', 0);
    const res = await f.request('operator1', caseId, car.device_number);
    expect(res.json()).toMatchObject({
      code: 200,
      result: { caseId, deviceNumber: car.device_number, model: 'GT06N', method: 'terminalControl', action: 'cut', state: 'pending', requestedBy: '张晓燕', canCancel: true, canDecide: false },
    });
    expect(await f.events(caseId)).toEqual([{ action: 'controlRequest', user_id: expect.any(Number), reason: `断油断电（${car.device_number}）：客户失联，车辆疑似转卖` }]);
    expect(await t.db.selectFrom('audit_log').select('action').where('action', '=', 'vehicleControl.request').where('target', 'like', `%${car.device_number}`).execute()).toHaveLength(1);

    const again = await f.request('finance1', caseId, car.device_number, 'restore');
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该设备已有进行中的断油断电申请');
  });

  it('refuses what the case, the caller or the device does not allow', async () => {
    const { car, caseId } = await caseOn('GT06N', 1);
    const other = await f.carWith('GT06N', 2);
    const outsider = await f.request('finance2', caseId, car.device_number);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().msg).toBe('案件不存在');
    const dealer1 = await t.db.selectFrom('app_user').select('dept_id').where('username', '=', 'dealer1').executeTakeFirstOrThrow();
    const ownCar = await f.carWith('GT06N', 0, dealer1.dept_id);
    // A dealer reads its customers' cases but does not run them.
    const dealer = await f.request('dealer1', await f.openCase(ownCar), ownCar.device_number);
    expect(dealer.statusCode).toBe(403);
    expect(dealer.json().msg).toBe('只有本机构的追车管理人员或负责本案的追车公司可以申请断油断电');
    const stranger = await f.request('operator1', caseId, other.device_number);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().msg).toBe('该设备不属于本案车辆');

    const closed = await f.openCase(car, 'recovered');
    const refused = await f.request('operator1', closed, car.device_number);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('案件当前状态为“已收车”，不能申请断油断电');
  });

  it('refuses a device whose model has no mapping, saying why', async () => {
    const car = await f.carWith('KM-02', 3);
    const caseId = await f.openCase(car);
    await t.db.updateTable('device').set({ model: 'NO-MAP' }).where('id', '=', car.device_id).execute();
    try {
      const res = await f.request('operator1', caseId, car.device_number);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('型号“NO-MAP”未配置断油断电指令，不能远程断油断电');
    } finally {
      await t.db.updateTable('device').set({ model: 'KM-02' }).where('id', '=', car.device_id).execute();
    }
  });
});

describe('the rule of two', () => {
  it('never lets the requester approve, nor another institution, the platform or a dealer', async () => {
    const { car, caseId } = await caseOn('GT06N', 4);
    const id = await requested('finance1', caseId, car.device_number);
    const own = await f.decide('finance1', id, true);
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toBe('申请人不能审批自己的申请');
    const other = await f.decide('finance2', id, true);
    expect(other.statusCode).toBe(404);
    const platform = await f.decide('admin', id, true);
    expect(platform.statusCode).toBe(403);
    expect(platform.json().msg).toBe('只有本机构有车辆控制权限的用户可以审批');
    expect((await f.decide('dealer1', id, true)).statusCode).toBe(403);
    expect((await f.decide('operator1', id, true)).statusCode).toBe(403);
    expect((await f.requestRow(id)).state).toBe('pending');
    expect(f.delivered).toHaveLength(0);
  });

  it('lists what waits for the caller, never their own, and nothing for the platform', async () => {
    const { car, caseId } = await caseOn('GT06N', 5);
    const id = await requested('finance1', caseId, car.device_number);
    const ids = async (user: string) => (await f.get(user, '/api/recovery/control/pending')).json().result.map((r: { id: number }) => r.id);
    expect(await ids('finance1b')).toContain(id);
    expect((await f.get('finance1b', '/api/recovery/control/pending')).json().result.find((r: { id: number }) => r.id === id)).toMatchObject({ canDecide: true, canCancel: false });
    expect(await ids('finance1')).not.toContain(id);
    expect(await ids('finance2')).not.toContain(id);
    expect(await ids('admin')).toEqual([]);
    expect((await f.get('operator1', '/api/recovery/control/pending')).statusCode).toBe(403);
  });

  it('needs a reason to refuse, and then the request is done with', async () => {
    const { car, caseId } = await caseOn('GT06N', 6);
    const id = await requested('operator1', caseId, car.device_number);
    const bare = await f.decide('finance1', id, false);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().msg).toContain('拒绝时请填写原因');
    const refused = await f.decide('finance1', id, false, '客户已承诺还款');
    expect(refused.json().result).toMatchObject({ state: 'refused', decidedBy: '李明辉', decisionNote: '客户已承诺还款' });
    const twice = await f.decide('finance1b', id, true);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('申请已拒绝，不能重复审批');
  });

  it('lets exactly one of two approvers acting at once send the command', async () => {
    const { car, caseId } = await caseOn('GT06N', 7);
    const id = await requested('operator1', caseId, car.device_number);
    const before = f.delivered.length;
    const answers = await Promise.all([f.decide('finance1', id, true), f.decide('finance1b', id, true)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().msg).toBe('申请已批准，不能重复审批');
    const commands = await t.db.selectFrom('device_command').select('id').where('device_id', '=', car.device_id).execute();
    expect(commands).toHaveLength(1);
    expect(f.delivered.length - before).toBe(1);
  });
});

describe('approving', () => {
  it('holds a cut while the car\'s latest fix shows it at 45 km/h', async () => {
    const { car, caseId } = await caseOn('GT06N', 8, 45);
    const id = await requested('operator1', caseId, car.device_number);
    const res = await f.decide('finance1', id, true);
    expect(res.json().result).toMatchObject({ state: 'held', holdReason: '车速 45 km/h，超过 20 km/h，停稳后自动下发', sentAt: null });
    expect((await f.requestRow(id)).command_id).toBeNull();
    expect(await t.db.selectFrom('device_command').select('id').where('device_id', '=', car.device_id).execute()).toEqual([]);
  });

  it.each([
    [12, 1, '车速 12 km/h，未停稳（不超过 5 km/h 视为停稳），停稳后自动下发'],
    [0, 25, '最近定位已是 25 分钟前，收到 10 分钟内的静止定位后下发'],
  ])('holds a cut at %d km/h on a fix %d minutes old', async (speed, age, reason) => {
    const car = await f.carWith('GT06N', speed === 0 ? 9 : 10);
    await f.setFix(car.device_id, speed, age);
    const id = await requested('operator1', await f.openCase(car), car.device_number);
    expect((await f.decide('finance1', id, true)).json().result).toMatchObject({ state: 'held', holdReason: reason });
  });

  it('sends a cut at once to a stopped car, recording the command for each method', async () => {
    const expected = [
      ['GT06N', 0x8105, { control: 0xf0 }],
      ['JM-VL03', 0x8500, { flag: 0x01, typeId: 0xf001 }],
      ['KM-02', 0x8300, { text: 'RELAY,1#', relay: true }],
    ] as const;
    for (const [model, command, params] of expected) {
      const { car, caseId } = await caseOn(model, 11);
      const id = await requested('operator1', caseId, car.device_number);
      const res = await f.decide('finance1b', id, true, '已核实');
      expect(res.json().result).toMatchObject({ state: 'sent', decidedBy: '钱审批', sentAt: expect.any(String), holdReason: null });
      const row = await f.requestRow(id);
      const stored = await f.commandRow(row.command_id!);
      expect({ command: stored.command, params: JSON.parse(stored.params), state: stored.state, device: stored.device_id }).toEqual({ command, params, state: 'queued', device: car.device_id });
      expect(f.delivered.at(-1)).toMatchObject({ deviceNumber: car.device_number, command: { id: stored.id, command } });
      expect((await f.events(caseId)).map((e) => e.action)).toEqual(['controlRequest', 'controlApprove', 'controlSent']);
    }
  });

  it('sends a restore at once, even to a car reported moving', async () => {
    const { car, caseId } = await caseOn('GT06N', 12, 60);
    const id = await requested('operator1', caseId, car.device_number, 'restore');
    const res = await f.decide('finance1', id, true);
    expect(res.json().result).toMatchObject({ action: 'restore', state: 'sent' });
    expect(JSON.parse((await f.commandRow((await f.requestRow(id)).command_id!)).params)).toEqual({ control: 0xf1 });
  });
});

describe('withdrawing', () => {
  it('is the requester\'s alone, while pending or held', async () => {
    const { car, caseId } = await caseOn('GT06N', 13, 45);
    const id = await requested('operator1', caseId, car.device_number);
    const other = await f.cancel('finance1', id);
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe('只有申请人可以撤回申请');
    await f.decide('finance1', id, true);
    expect((await f.cancel('operator1', id)).json().result).toMatchObject({ state: 'cancelled', canCancel: false });
    const again = await f.cancel('operator1', id);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('申请已撤回，不能重复撤回');

    await f.setFix(car.device_id, 0, 1);
    const sentId = await requested('operator1', caseId, car.device_number);
    await f.decide('finance1', sentId, true);
    const late = await f.cancel('operator1', sentId);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('申请已下发，等待终端应答，不能撤回');
  });
});
