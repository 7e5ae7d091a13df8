import { Codes, PLATFORM_ONLY_MESSAGE } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountBeside } from '../../test/editors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** 设备报警映射: the platform administrator edits it; an institution's user administrator reads it. */
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await addAccountBeside(t, 'finance1', 'mapadmin1', ['user:admin']);
  for (const u of ['admin', 'mapadmin1', 'dealer1']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

type Item = { id: number; model: string; source: string; code: number; alarmType: number; alarmTypeName: string; updatedAt: string };
const post = (user: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
const save = (user: string, payload: object) => post(user, '/api/alarmMapping/save', payload);
const remove = (user: string, id: number) => post(user, '/api/alarmMapping/delete', { id });
const list = (user: string) => t.app.inject({ method: 'GET', url: '/api/alarmMapping/getList', headers: { accessToken: tokens[user]! } });
const rows = async () => (await list('admin')).json().result.list as Item[];
const auditOf = (action: string) => t.db.selectFrom('audit_log').select(['username', 'target', 'detail']).where('action', '=', action).orderBy('id').execute();

describe('reading the mapping', () => {
  it('lists the seeded models to the platform administrator, editable', async () => {
    const res = (await list('admin')).json();
    expect(res.result.editable).toBe(true);
    expect(res.result.list).toContainEqual({
      id: expect.any(Number), model: 'AT4', source: 'item', code: 0xe3, alarmType: 101, alarmTypeName: '光感报警',
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect((res.result.list as Item[]).filter((r) => r.model === 'GT06N').map((r) => [r.code, r.alarmType])).toEqual([[15, 103], [16, 100], [17, 102]]);
  });

  it('lets an institution user administrator read it, not change it', async () => {
    const res = (await list('mapadmin1')).json();
    expect(res.result.editable).toBe(false);
    expect(res.result.list.length).toBeGreaterThanOrEqual(15);
  });

  it('refuses anyone without user:admin', async () => {
    expect((await list('dealer1')).statusCode).toBe(403);
  });
});

describe('changing the mapping', () => {
  it('adds, edits and deletes a row as the platform administrator, each in the audit log', async () => {
    const added = await save('admin', { model: '  VL-99  ', source: 'item', code: 0xe4, alarmType: 101 });
    expect(added.json()).toMatchObject({ code: 200, msg: '报警映射已保存，对之后收到的上报生效', result: { model: 'VL-99', source: 'item', code: 0xe4, alarmType: 101, alarmTypeName: '光感报警' } });
    const id = added.json().result.id as number;

    const edited = await save('admin', { id, model: 'VL-99', source: 'bit', code: 16, alarmType: 102 });
    expect(edited.json().result).toMatchObject({ id, source: 'bit', code: 16, alarmType: 102, alarmTypeName: '开壳报警' });
    expect((await rows()).filter((r) => r.model === 'VL-99')).toMatchObject([{ id, source: 'bit', code: 16, alarmType: 102 }]);

    expect((await remove('admin', id)).json()).toEqual({ code: 200, msg: '报警映射已删除，对之后收到的上报生效', result: null });
    expect((await rows()).some((r) => r.model === 'VL-99')).toBe(false);

    expect((await auditOf('alarmMapping.save')).slice(-2)).toMatchObject([
      { username: 'admin', target: 'VL-99 附加信息项 0xE4' },
      { username: 'admin', target: 'VL-99 报警位 16' },
    ]);
    const [deleted] = (await auditOf('alarmMapping.delete')).slice(-1);
    expect(deleted).toMatchObject({ username: 'admin', target: 'VL-99 报警位 16' });
    expect(JSON.parse(deleted!.detail)).toEqual({ id, alarmType: 102 });
  });

  it('refuses an institution user administrator with 403 and says who may', async () => {
    const seeded = (await rows()).find((r) => r.model === 'KM-02' && r.code === 16)!;
    for (const res of [await save('mapadmin1', { model: 'VL-98', source: 'bit', code: 16, alarmType: 100 }), await remove('mapadmin1', seeded.id)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: Codes.NO_PERMISSION, msg: PLATFORM_ONLY_MESSAGE });
    }
    expect((await rows()).some((r) => r.id === seeded.id)).toBe(true);
  });

  it('refuses a second row for the same model and bit, naming the one there', async () => {
    const res = await save('admin', { model: 'GT06N', source: 'bit', code: 16, alarmType: 102 });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('型号 GT06N 的报警位 16 已映射为拆除报警，请修改那一条');
  });

  it('answers 404 for a row that is not there', async () => {
    expect((await remove('admin', 999_999)).json()).toEqual({ code: 404, msg: '报警映射不存在' });
    expect((await save('admin', { id: 999_999, model: 'VL-97', source: 'bit', code: 16, alarmType: 100 })).json()).toEqual({ code: 404, msg: '报警映射不存在' });
  });

  it.each([
    [{ model: 'X', source: 'bit', code: 8, alarmType: 100 }, '参数错误：code 位 8 是标准报警位，不能映射'],
    [{ model: 'X', source: 'bit', code: 32, alarmType: 100 }, '参数错误：code 报警位应为 0–31'],
    [{ model: 'X', source: 'item', code: 256, alarmType: 101 }, '参数错误：code 不能大于255'],
    [{ model: '   ', source: 'item', code: 1, alarmType: 101 }, '参数错误：model 请输入设备型号'],
    [{ model: 'x'.repeat(41), source: 'item', code: 1, alarmType: 101 }, '参数错误：model 最多40个字符'],
    [{ model: 'X', source: 'word', code: 1, alarmType: 101 }, '参数错误：source 来源应为 bit（报警位）或 item（附加信息项）'],
    [{ model: 'X', source: 'item', code: 1, alarmType: 26 }, '参数错误：alarmType 报警类型应为 100–103'],
    [{ model: 'X', source: 'item', code: '0x10', alarmType: 101 }, '参数错误：code 应为整数'],
  ])('refuses %j: %s', async (payload, msg) => {
    const res = await save('admin', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg });
  });
});
