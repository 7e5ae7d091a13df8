import { HANDLING_PHRASES_PER_TYPE, WARNING_TYPE_CODES } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const URL = '/api/report/riskWarning';

type Group = { warningType: number; phrases: string[] };

const get = (user: string, query = '') => t.app.inject({ method: 'GET', url: `${URL}/getHandlingPhrases${query}`, headers: { accessToken: tokens[user]! } });
const save = (user: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `${URL}/saveHandlingPhrases`, headers: { accessToken: tokens[user]! }, payload: payload as object });
const phrasesOf = async (user: string, type: number) => ((await get(user, `?warningType=${type}`)).json().result.list as Group[])[0]!.phrases;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'operator1', 'dealer1', 'installer1']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

describe('handling phrases', () => {
  it('offers seeded phrases for every warning type to whoever handles warnings', async () => {
    const res = await get('dealer1');
    expect(res.json().code).toBe(200);
    const list = res.json().result.list as Group[];
    expect(list.map((g) => g.warningType)).toEqual(WARNING_TYPE_CODES);
    expect(list.every((g) => g.phrases.length > 0)).toBe(true);
    expect(list[0]!.phrases).toContain('已电话联系客户，车辆正常使用');
    expect(await phrasesOf('operator1', 11)).toContain('已通知客户给设备充电');
  });

  it('lets a platform administrator replace a type’s platform default, in the order given, for every institution without its own', async () => {
    const res = await save('admin', { warningType: 2, phrases: ['  客户已还款  ', '已安排人员上门核实'] });
    expect(res.json()).toMatchObject({ code: 200, msg: '常用语已保存', result: { warningType: 2, phrases: ['客户已还款', '已安排人员上门核实'], isDefault: true } });
    expect(await phrasesOf('dealer1', 2)).toEqual(['客户已还款', '已安排人员上门核实']);
    // Other types are untouched.
    expect(await phrasesOf('dealer1', 1)).toContain('已电话联系客户，车辆正常使用');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'target', 'username']).where('action', '=', 'handlingPhrases.save').execute();
    expect(audit).toEqual([{ action: 'handlingPhrases.save', target: '平台默认 断电预警', username: 'admin' }]);
  });

  it('says whose list it answers, and which types follow the platform default', async () => {
    const mine = (await get('finance1')).json().result;
    expect(mine).toMatchObject({ deptName: '华信汽车金融有限公司', editable: false });
    expect(mine.institutions).toEqual([{ id: mine.deptId, name: '华信汽车金融有限公司' }]);
    expect(mine.list.every((g: { isDefault: boolean }) => g.isDefault)).toBe(true);
    const platform = (await get('admin')).json().result;
    expect(platform).toMatchObject({ deptId: null, deptName: '平台默认', editable: true });
    expect(platform.institutions.map((i: { id: number }) => i.id)).toContain(mine.deptId);
    // The platform administrator keeps an institution's own list of a type; the others still follow the default.
    expect((await save('admin', { deptId: mine.deptId, warningType: 5, phrases: ['客户出差，已电话确认'] })).json().result).toEqual({ warningType: 5, phrases: ['客户出差，已电话确认'], isDefault: false });
    expect(await phrasesOf('operator1', 5)).toEqual(['客户出差，已电话确认']);
    expect(await phrasesOf('admin', 5)).toContain('客户出差或旅游，已电话确认');
    const reset = await t.app.inject({ method: 'POST', url: `${URL}/resetHandlingPhrases`, headers: { accessToken: tokens.admin! }, payload: { deptId: mine.deptId, warningType: 5 } });
    expect(reset.json()).toMatchObject({ code: 200, msg: '已恢复为平台默认常用语', result: { warningType: 5, isDefault: true } });
    expect(await phrasesOf('operator1', 5)).toContain('客户出差或旅游，已电话确认');
  });

  it('may empty a type', async () => {
    expect((await save('admin', { warningType: 8, phrases: [] })).json().code).toBe(200);
    expect(await phrasesOf('operator1', 8)).toEqual([]);
  });

  it('lets no one else edit them, and no one without warning:handle read them', async () => {
    for (const user of ['finance1', 'operator1', 'dealer1']) {
      const res = await save(user, { warningType: 1, phrases: ['随便写写'] });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(401);
    }
    expect(await phrasesOf('admin', 1)).not.toContain('随便写写');
    expect((await get('installer1')).statusCode).toBe(403);
  });

  it('refuses bad input, saying what is wrong, and changes nothing', async () => {
    const before = await phrasesOf('admin', 3);
    const cases: [unknown, RegExp][] = [
      [{ warningType: 3, phrases: ['好'] }, /至少3个字/],
      [{ warningType: 3, phrases: ['很'.repeat(51)] }, /最多50个字/],
      [{ warningType: 3, phrases: ['已核实无误', ' 已核实无误 '] }, /不能重复/],
      [{ warningType: 3, phrases: Array.from({ length: HANDLING_PHRASES_PER_TYPE + 1 }, (_, i) => `常用语第${i}条`) }, /最多10条/],
      [{ warningType: 12, phrases: [] }, /warningType/],
      [{ warningType: 3, phrases: 'abc' }, /phrases/],
      [{ warningType: 3, phrases: [123] }, /phrases/],
      [{ phrases: [] }, /warningType/],
    ];
    for (const [body, message] of cases) {
      const res = await save('admin', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(message);
    }
    expect(await phrasesOf('admin', 3)).toEqual(before);
    expect((await get('admin', '?warningType=0')).json().code).toBe(400);
    const reset = await t.app.inject({ method: 'POST', url: `${URL}/resetHandlingPhrases`, headers: { accessToken: tokens.admin! }, payload: {} });
    expect(reset.json().msg).toMatch(/warningType/);
    // The platform default has nothing above it to go back to.
    const resetDefault = await t.app.inject({ method: 'POST', url: `${URL}/resetHandlingPhrases`, headers: { accessToken: tokens.admin! }, payload: { warningType: 3 } });
    expect(resetDefault.statusCode).toBe(400);
  });
});
