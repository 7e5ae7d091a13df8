import { DEFAULT_RISK_WARNING_CONFIG, RISK_SETTINGS_APPLY_WITHIN_MS, type RiskConfigReply, type RiskWarningConfig } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TTL_MS } from '../../engine/context.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
let otherFinance = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'finance1', 'operator1', 'dealer1', 'installer1']) tokens[u] = await t.login(u);
  for (const u of await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute()) dept[u.username] = u.dept_id;
  otherFinance = (await t.db.selectFrom('dept').select('id').where('kind', '=', 'finance').where('id', '<>', dept.finance1!).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const URL_GET = '/api/riskConfig/getRiskWarningConfig';
const get = (user: string, deptId?: number) =>
  t.app.inject({ method: 'GET', url: deptId ? `${URL_GET}?deptId=${deptId}` : URL_GET, headers: { accessToken: tokens[user]! } });
const post = (user: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { accessToken: tokens[user]! }, payload });
const save = (user: string, config: RiskWarningConfig, deptId?: number) => post(user, '/api/riskConfig/saveRiskWarningConfig', { deptId, config });
const reset = (user: string, deptId?: number) => post(user, '/api/riskConfig/resetRiskWarningConfig', { deptId });
const changed = (edit: (c: RiskWarningConfig) => void) => {
  const c = structuredClone(DEFAULT_RISK_WARNING_CONFIG);
  edit(c);
  return c;
};

describe('risk warning config', () => {
  it('gives an institution that never saved the defaults, marked as such', async () => {
    const r = (await get('finance1')).json().result as RiskConfigReply;
    expect(r).toMatchObject({ deptId: dept.finance1, isDefault: true, editable: true, config: DEFAULT_RISK_WARNING_CONFIG, defaults: DEFAULT_RISK_WARNING_CONFIG, appliesWithinMs: 60_000 });
    expect(r.institutions).toEqual([{ id: dept.finance1, name: r.deptName }]);
    // What the console tells operators about the delay is the engine's real cache time.
    expect(RISK_SETTINGS_APPLY_WITHIN_MS).toBe(CONTEXT_TTL_MS);
  });

  it('round-trips a save and keeps it per institution', async () => {
    const config = changed((c) => {
      c.offline.wiredHours = 12;
      c.riskPoint.radiusM = 500;
      c.region.scope = 'city';
    });
    const res = await save('finance1', config);
    expect(res.json()).toMatchObject({ code: 200, msg: '预警配置已保存，1分钟内生效', result: { isDefault: false, config } });
    expect((await get('finance1')).json().result).toMatchObject({ isDefault: false, config });
    expect((await get('admin', otherFinance)).json().result).toMatchObject({ isDefault: true, config: DEFAULT_RISK_WARNING_CONFIG });
    const stored = await t.db.selectFrom('setting').select('value').where('dept_id', '=', dept.finance1!).where('key', '=', 'riskWarningConfig').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toEqual(config);
  });

  it('lets dealer staff read the institution above them, but not change it', async () => {
    const r = (await get('dealer1')).json().result as RiskConfigReply;
    expect(r).toMatchObject({ deptId: dept.finance1, editable: false, isDefault: false });
    expect(r.config.offline.wiredHours).toBe(12);
    expect((await save('dealer1', DEFAULT_RISK_WARNING_CONFIG)).json().code).toBe(401);
    expect((await reset('dealer1')).json().code).toBe(401);
    expect((await get('operator1')).json().result).toMatchObject({ deptId: dept.finance1, editable: false });
    expect((await save('operator1', DEFAULT_RISK_WARNING_CONFIG)).json().code).toBe(401);
    expect((await get('installer1')).json().code).toBe(401);
  });

  it('answers 404 for another institution, and for a department that is not one', async () => {
    expect((await get('finance1', otherFinance)).statusCode).toBe(404);
    expect((await get('dealer1', otherFinance)).statusCode).toBe(404);
    expect((await save('finance1', DEFAULT_RISK_WARNING_CONFIG, otherFinance)).statusCode).toBe(404);
    expect((await get('admin', dept.dealer1)).statusCode).toBe(404);
  });

  it('lets platform staff pick any institution, and makes them name it to change one', async () => {
    const r = (await get('admin')).json().result as RiskConfigReply;
    expect(r.institutions.length).toBeGreaterThan(1);
    expect(r.institutions.map((i) => i.id)).toContain(otherFinance);
    const missing = await save('admin', DEFAULT_RISK_WARNING_CONFIG);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('deptId');
    const config = changed((c) => (c.lowBattery.percent = 30));
    expect((await save('admin', config, otherFinance)).json().result).toMatchObject({ deptId: otherFinance, editable: true, config });
  });

  it('refuses out-of-bounds values with a message naming the field and the bound', async () => {
    const cases: [RiskWarningConfig, string, string][] = [
      [changed((c) => (c.offline.wirelessHours = 10)), 'config.offline.wirelessHours', '无线设备离线时长不能小于26小时'],
      [changed((c) => (c.riskPoint.radiusM = 5000)), 'config.riskPoint.radiusM', '二押点半径不能大于2000米'],
      [changed((c) => (c.lowBattery.percent = 1.5)), 'config.lowBattery.percent', '低电量阈值必须是整数'],
      [changed((c) => (c.region.scope = 'country' as 'city')), 'config.region.scope', '请选择出省预警范围'],
    ];
    for (const [config, field, words] of cases) {
      const res = await save('finance1', config);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(field);
      expect(res.json().msg).toContain(words);
    }
    expect((await post('finance1', '/api/riskConfig/saveRiskWarningConfig', {})).json().msg).toContain('config');
    expect((await get('finance1')).json().result.config.offline.wiredHours).toBe(12);
  });

  it('takes the institution id only as an integer, naming the field once', async () => {
    for (const deptId of ['0x10', '%2012%20', '1e1', 'true']) {
      const res = await t.app.inject({ method: 'GET', url: `${URL_GET}?deptId=${deptId}`, headers: { accessToken: tokens.admin! } });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('参数错误：deptId 应为整数');
    }
    for (const deptId of [true, '0x10', ' 12 ', '1e1']) {
      for (const url of ['/api/riskConfig/saveRiskWarningConfig', '/api/riskConfig/resetRiskWarningConfig']) {
        const res = await post('admin', url, { deptId, config: DEFAULT_RISK_WARNING_CONFIG });
        expect({ url, msg: res.json().msg }).toEqual({ url, msg: '参数错误：deptId 应为整数' });
      }
    }
    expect((await get('admin', 3_000_000_000)).json().msg).toBe('参数错误：deptId 不能大于2147483647');
  });

  it('resets to the defaults', async () => {
    const res = await reset('finance1');
    expect(res.json()).toMatchObject({ code: 200, msg: '已恢复默认预警配置，1分钟内生效', result: { isDefault: true, config: DEFAULT_RISK_WARNING_CONFIG } });
    expect((await get('dealer1')).json().result).toMatchObject({ isDefault: true });
  });
});
