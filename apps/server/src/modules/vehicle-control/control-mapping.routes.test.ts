import { CONTROL_MAPPING_PLATFORM_ONLY, RELAY_STATUS_BITS } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlFixture, type ControlFixture } from '../../test/control-fixture.js';
import { addAccountBeside } from '../../test/editors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let f: ControlFixture;

beforeAll(async () => {
  t = await createTestApp({ CONTROL_SWEEP_SECONDS: '3600' });
  f = await controlFixture(t);
  await addAccountBeside(t, 'finance1', 'mapadmin1', ['user:admin', 'device:view']);
  f.tokens.mapadmin1 = await t.login('mapadmin1');
});
afterAll(async () => t.close());

const LIST = '/api/vehicleControl/mapping/list';
const SAVE = '/api/vehicleControl/mapping/save';
const DELETE = '/api/vehicleControl/mapping/delete';

describe('the immobilisation mapping', () => {
  it('lists the seeded models with the caller\'s device counts, and the caller\'s models that have none', async () => {
    const platform = (await f.get('admin', LIST)).json().result;
    expect(platform.editable).toBe(true);
    expect(platform.list.map((m: { model: string }) => m.model)).toEqual(['GT06N', 'JM-VL03', 'KM-02']);
    expect(platform.list[0]).toMatchObject({ method: 'terminalControl', cutCode: 0xf0, restoreCode: 0xf1, cutText: null });
    const wireless = await t.db.selectFrom('device').select('model').distinct().where('kind', '=', 2).execute();
    expect(platform.unmappedModels).toEqual(expect.arrayContaining(wireless.map((d) => d.model)));
    expect(platform.unmappedModels).not.toContain('GT06N');

    const dealer = (await f.get('dealer1', LIST)).json().result;
    expect(dealer.editable).toBe(false);
    const mine = await t.db.selectFrom('device').innerJoin('app_user as u', 'u.dept_id', 'device.dept_id').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('u.username', '=', 'dealer1').where('device.model', '=', 'GT06N').where('device.retired_at', 'is', null).executeTakeFirstOrThrow();
    expect(dealer.list[0].deviceCount).toBe(Number(mine.n));
    expect(dealer.list[0].deviceCount).toBeLessThan(platform.list[0].deviceCount);
  });

  it('is changed only by the platform administrator', async () => {
    const body = { model: 'XT-100', method: 'terminalControl', cutCode: 0x64, restoreCode: 0x65 };
    const res = await f.post('mapadmin1', SAVE, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(CONTROL_MAPPING_PLATFORM_ONLY);
    expect((await f.post('mapadmin1', DELETE, { model: 'GT06N' })).json().msg).toBe(CONTROL_MAPPING_PLATFORM_ONLY);
    expect((await f.get('mapadmin1', LIST)).json().result.editable).toBe(false);
    expect((await f.post('finance1', SAVE, body)).statusCode).toBe(403);
    expect(await t.db.selectFrom('control_mapping').select('model').where('model', '=', 'XT-100').executeTakeFirst()).toBeUndefined();
  });

  it('saves a model, replaces it keeping only the new method\'s fields, deletes it, and audits each change', async () => {
    const saved = await f.post('admin', SAVE, { model: 'XT-100', method: 'terminalControl', cutCode: 0x64, restoreCode: 0x65 });
    expect(saved.json()).toMatchObject({ code: 200, result: { model: 'XT-100', method: 'terminalControl', cutCode: 0x64, restoreCode: 0x65, deviceCount: 0 } });
    const changed = await f.post('admin', SAVE, { model: 'XT-100', method: 'text', cutCode: 0x64, cutText: 'DY,1#', restoreText: 'DY,0#' });
    expect(changed.json().result).toMatchObject({ method: 'text', cutCode: null, restoreCode: null, cutText: 'DY,1#', restoreText: 'DY,0#' });
    expect(await t.db.selectFrom('control_mapping').select(['method', 'cut_code', 'cut_text']).where('model', '=', 'XT-100').execute())
      .toEqual([{ method: 'text', cut_code: null, cut_text: 'DY,1#' }]);

    const removed = await f.post('admin', DELETE, { model: 'XT-100' });
    expect(removed.json()).toMatchObject({ code: 200, msg: '已删除，型号“XT-100”之后不能远程断油断电' });
    expect((await f.post('admin', DELETE, { model: 'XT-100' })).statusCode).toBe(404);

    const audit = await t.db.selectFrom('audit_log').select(['action', 'target', 'detail']).where('target', '=', 'XT-100').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['controlMapping.save', 'controlMapping.save', 'controlMapping.delete']);
    expect(JSON.parse(audit[1]!.detail)).toMatchObject({ method: 'text', before: { method: 'terminalControl', cut_code: 0x64 } });
  });

  it.each([
    [{ model: 'A1', method: 'terminalControl', cutCode: 0xf0 }, '请输入恢复油电的控制字（0–255）'],
    [{ model: 'A1', method: 'vehicleControl', cutCode: 1, restoreCode: 1 }, '断开与恢复的控制字不能相同'],
    [{ model: 'A1', method: 'terminalControl', cutCode: 256, restoreCode: 1 }, 'cutCode'],
    [{ model: 'A1', method: 'text', cutText: 'RELAY,1#' }, '请输入恢复油电的指令文本'],
    [{ model: 'A1', method: 'sms', cutCode: 1, restoreCode: 2 }, '方式应为'],
    [{ model: ' ', method: 'terminalControl', cutCode: 1, restoreCode: 2 }, '请输入设备型号'],
  ])('refuses %o with a clear message', async (body, message) => {
    const res = await f.post('admin', SAVE, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
  });
});

describe('a device\'s relay', () => {
  it('reports the relay bits, when and how fast, and how its model is immobilised', async () => {
    const car = await f.carWith('JM-VL03');
    const at = Date.now();
    await f.setFix(car.device_id, 0, 2, at, RELAY_STATUS_BITS.oil);
    const res = (await f.get('finance1', `/api/vehicleControl/relay?deviceNumber=${car.device_number}`)).json().result;
    expect(res).toMatchObject({ deviceNumber: car.device_number, model: 'JM-VL03', method: 'vehicleControl', unmappedReason: null, relay: 'cut', speed: 0 });
    expect(res.reportedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await f.setFix(car.device_id, 30, 0, at, 0);
    expect((await f.get('finance1', `/api/vehicleControl/relay?deviceNumber=${car.device_number}`)).json().result).toMatchObject({ relay: 'normal', speed: 30 });
  });

  it('says why a model without a mapping cannot be immobilised', async () => {
    const wireless = await t.db.selectFrom('device').select(['device_number', 'model', 'dept_id']).where('kind', '=', 2).where('car_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const res = (await f.get('admin', `/api/vehicleControl/relay?deviceNumber=${wireless.device_number}`)).json().result;
    expect(res).toMatchObject({ method: null, unmappedReason: `型号“${wireless.model}”未配置断油断电指令，不能远程断油断电` });
  });

  it('answers 404 for a device outside the caller\'s scope', async () => {
    const car = await f.carWith('GT06N');
    const res = await f.get('finance2', `/api/vehicleControl/relay?deviceNumber=${car.device_number}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('设备不存在');
  });
});
