import {
  DEFAULT_RISK_WARNING_CONFIG, HandlingPhraseCalls, Permissions, PushCalls, RISK_WARNING_CONFIG_KEY, RiskConfigCalls, ROLE_PERMISSIONS, WarningDetailCalls,
  WhiteListCalls, type CallDeclaration, type HandlingPhraseList, type Permission, type RiskConfigReply, type RiskWarningConfig, type WebhookItem,
  type WhiteListItem,
} from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountBeside } from './editors.js';
import { createTestApp, SEED_NOW, type TestApp } from './test-app.js';

const HOUR = 3_600_000;

/**
 * Settings stay inside their institution (security issue): through every settings call, each caller
 * of two institutions — their administrators, a risk manager, a dealer's administrator, dealer staff —
 * and the platform administrator reads and changes only what the rule gives them:
 *
 * - a value kept per institution (处理常用语, thresholds) is read as the caller's institution's, which
 *   falls back to the platform default; it is changed by the institution's own staff holding the
 *   permission, never by another institution's nor by its dealers'; the platform default by platform
 *   staff only, who may also name any institution;
 * - a setting kept per department (webhooks) or per customer or device (white list, do-not-push) is
 *   read and changed within the caller's subtree only.
 *
 * The issue's attack: institution A's administrator saved the phrases, and every institution's changed.
 */

let t: TestApp;

type Inst = 'A' | 'B';
/** Where things live: the platform, the two institutions, a dealer of each. */
type Home = 'platform' | 'A' | 'B' | 'dealerA' | 'dealerB';
type Caller = { inst: Inst | null; level: 'platform' | 'institution' | 'dealer'; home: Home; perms: ReadonlySet<Permission> };
const every = new Set<Permission>(Permissions);
const CALLERS = {
  admin: { inst: null, level: 'platform', home: 'platform', perms: every },
  adminA: { inst: 'A', level: 'institution', home: 'A', perms: every },
  adminB: { inst: 'B', level: 'institution', home: 'B', perms: every },
  finance1: { inst: 'A', level: 'institution', home: 'A', perms: new Set(ROLE_PERMISSIONS.financeManager) },
  dealerAdminA: { inst: 'A', level: 'dealer', home: 'dealerA', perms: every },
  dealer1: { inst: 'A', level: 'dealer', home: 'dealerA', perms: new Set(ROLE_PERMISSIONS.dealerStaff) },
  dealer4: { inst: 'B', level: 'dealer', home: 'dealerB', perms: new Set(ROLE_PERMISSIONS.dealerStaff) },
} satisfies Record<string, Caller>;
type Who = keyof typeof CALLERS;
const WHO = Object.keys(CALLERS) as Who[];

const tokens: Partial<Record<Who, string>> = {};
/** Department ids: the platform, the two institutions, a dealer of each (and a second of A's); the institutions' names. */
const dept = { platform: 0, A: 0, B: 0, dealerA: 0, dealerA2: 0, dealerB: 0 };
const instName: Record<Inst, string> = { A: '', B: '' };

/** Whether `who`'s subtree holds what lives at `home`. */
function reaches(who: Who, home: Home): boolean {
  const c = CALLERS[who];
  if (c.level === 'platform') return true;
  if (c.home === home) return true;
  return c.level === 'institution' && home === `dealer${c.inst}`;
}
/** What a caller names as a target: an institution, one of its dealers (meaning it), the platform (meaning the default). */
type Target = 'A' | 'B' | 'default';
const TARGETS: { name: string; target: Target; deptId: () => number }[] = [
  { name: 'institution A', target: 'A', deptId: () => dept.A },
  { name: 'a dealer of A', target: 'A', deptId: () => dept.dealerA2 },
  { name: 'institution B', target: 'B', deptId: () => dept.B },
  { name: 'a dealer of B', target: 'B', deptId: () => dept.dealerB },
  { name: 'the platform', target: 'default', deptId: () => dept.platform },
];
const ownTarget = (who: Who): Target => CALLERS[who].inst ?? 'default';
const deptOfTarget = (target: Target) => (target === 'default' ? 0 : dept[target]);

/** Every settings call, by name: the test at the end checks each was sent by every caller. */
const NOT_PUSH = {
  notPushConfig: WarningDetailCalls.notPushConfig,
  cancelPush: WarningDetailCalls.cancelPush,
  cancelByDevice: WarningDetailCalls.cancelByDevice,
  restorePush: WarningDetailCalls.restorePush,
  allowByDevice: WarningDetailCalls.allowByDevice,
  notStatisticsList: WarningDetailCalls.notStatisticsList,
};
const SETTINGS_CALLS: Record<string, CallDeclaration> = Object.fromEntries(
  Object.entries({ handlingPhrases: HandlingPhraseCalls, riskConfig: RiskConfigCalls, push: PushCalls, whiteList: WhiteListCalls, notPush: NOT_PUSH })
    .flatMap(([group, calls]) => Object.entries(calls).map(([name, call]) => [`${group}.${name}`, call as CallDeclaration])),
);
const reached = new Map<CallDeclaration, Set<Who>>();

type Answer = { status: number; code: number; msg: string; result: any };
async function send(who: Who, call: CallDeclaration, input: { query?: Record<string, string | number | undefined>; body?: object } = {}): Promise<Answer> {
  if (!reached.has(call)) reached.set(call, new Set());
  reached.get(call)!.add(who);
  const entries = Object.entries(input.query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]);
  const url = entries.length ? `${call.path}?${new URLSearchParams(entries).toString()}` : call.path;
  const res = await t.app.inject({ method: call.method, url, headers: { accessToken: tokens[who]! }, ...(input.body ? { payload: input.body } : {}) });
  const body = res.json() as { code: number; msg: string; result: unknown };
  return { status: res.statusCode, code: body.code, msg: body.msg, result: body.result };
}

/** The rule for a value kept per institution: what a change of `target` by `who`, holding or not `permission`, answers. */
function changeRule(who: Who, permission: Permission, target: Target): number {
  const c = CALLERS[who];
  if (!c.perms.has(permission)) return 403;
  if (c.level === 'platform') return 200;
  if (target !== c.inst) return 404;
  return c.level === 'institution' ? 200 : 403;
}
/** …and what a read answers. */
function readRule(who: Who, permission: Permission, target: Target): number {
  const c = CALLERS[who];
  if (!c.perms.has(permission)) return 403;
  return c.level === 'platform' || target === c.inst ? 200 : 404;
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { push: { resolve: () => Promise.reject(new Error('this test resolves no names')), timeoutMs: 500 } });
  await addAccountBeside(t, 'finance1', 'adminA', [...Permissions]);
  await addAccountBeside(t, 'finance2', 'adminB', [...Permissions]);
  await addAccountBeside(t, 'dealer1', 'dealerAdminA', [...Permissions]);
  for (const who of WHO) tokens[who] = await t.login(who);
  const users = await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute();
  const deptOf = (u: string) => users.find((x) => x.username === u)!.dept_id;
  Object.assign(dept, { platform: deptOf('admin'), A: deptOf('finance1'), B: deptOf('finance2'), dealerA: deptOf('dealer1'), dealerA2: deptOf('dealer2'), dealerB: deptOf('dealer4') });
  for (const inst of ['A', 'B'] as const) instName[inst] = (await t.db.selectFrom('dept').select('name').where('id', '=', dept[inst]).executeTakeFirstOrThrow()).name;
});
afterAll(() => t.close());

// ---------------------------------------------------------------- 处理常用语

const PHRASE_TYPE = 3;
/** The phrases stored for a type, by department (0: the platform default). */
async function storedPhrases(type: number): Promise<Map<number, string[]>> {
  const rows = await t.db.selectFrom('setting').select(['dept_id', 'value']).where('key', '=', `handlingPhrases.${type}`).execute();
  return new Map(rows.map((r) => [r.dept_id, JSON.parse(r.value) as string[]]));
}
const phrasesOf = async (who: Who, type: number, deptId?: number) =>
  ((await send(who, HandlingPhraseCalls.list, { query: { warningType: type, deptId } })).result as HandlingPhraseList).list[0]!;

describe('处理常用语 stay inside their institution', () => {
  it('is read as the caller’s own institution’s, or the platform default by platform staff, and no other', async () => {
    for (const who of WHO) {
      const own = await send(who, HandlingPhraseCalls.list);
      expect({ who, status: own.status }).toEqual({ who, status: 200 });
      const reply = own.result as HandlingPhraseList;
      expect({ who, deptId: reply.deptId }).toEqual({ who, deptId: ownTarget(who) === 'default' ? null : dept[ownTarget(who) as Inst] });
      expect(reply.deptName).toBe(CALLERS[who].inst ? instName[CALLERS[who].inst as Inst] : '平台默认');
      expect(reply.list).toHaveLength(11);
      expect(reply.institutions.map((i) => i.id)).toEqual(CALLERS[who].level === 'platform' ? [dept.A, dept.B] : [dept[CALLERS[who].inst as Inst]]);
      expect(reply.anyInstitution).toBe(CALLERS[who].level === 'platform');
      expect(reply.editable).toBe(changeRule(who, 'user:admin', ownTarget(who)) === 200);
      for (const { name, target, deptId } of TARGETS) {
        const res = await send(who, HandlingPhraseCalls.list, { query: { deptId: deptId() } });
        expect({ who, name, status: res.status }).toEqual({ who, name, status: readRule(who, 'warning:handle', target) });
        if (res.status === 200) expect((res.result as HandlingPhraseList).deptId).toBe(target === 'default' ? null : dept[target]);
      }
      expect((await send(who, HandlingPhraseCalls.list, { query: { deptId: 999_999 } })).status).toBe(404);
    }
  });

  it('is changed only where the rule allows: the institution’s administrator its own, the platform administrator any and the default', async () => {
    for (const who of WHO) {
      for (const { name, target, deptId } of [...TARGETS, { name: 'its own (not named)', target: ownTarget(who), deptId: () => undefined }]) {
        const marker = `${who}改${name}`.slice(0, 50);
        const before = await storedPhrases(PHRASE_TYPE);
        const res = await send(who, HandlingPhraseCalls.save, { body: { deptId: deptId(), warningType: PHRASE_TYPE, phrases: [marker] } });
        const expected = changeRule(who, 'user:admin', target);
        expect({ who, name, status: res.status }).toEqual({ who, name, status: expected });
        const after = await storedPhrases(PHRASE_TYPE);
        const changed = new Map(before);
        if (expected === 200) {
          changed.set(deptOfTarget(target), [marker]);
          expect(res.result).toEqual({ warningType: PHRASE_TYPE, phrases: [marker], isDefault: target === 'default' });
        }
        // Exactly the target's list changed, or nothing.
        expect({ who, name, after: Object.fromEntries(after) }).toEqual({ who, name, after: Object.fromEntries(changed) });
      }
    }
  });

  it('stops the issue’s attack: institution A’s administrator saves, and B and the platform default keep theirs', async () => {
    const [defaultBefore, bBefore] = [await phrasesOf('admin', 1), await phrasesOf('dealer4', 1)];
    expect((await send('adminA', HandlingPhraseCalls.save, { body: { warningType: 1, phrases: ['华信自己的常用语'] } })).status).toBe(200);
    // Today's attack: the other institution and the default had changed too.
    expect((await phrasesOf('dealer4', 1)).phrases, 'the other institution’s phrases').toEqual(bBefore.phrases);
    expect((await phrasesOf('admin', 1)).phrases, 'the platform default').toEqual(defaultBefore.phrases);
    expect((await phrasesOf('dealer1', 1)).phrases).toEqual(['华信自己的常用语']);
    expect((await phrasesOf('finance1', 1)).phrases).toEqual(['华信自己的常用语']);
    expect(await phrasesOf('dealer1', 1)).toEqual({ warningType: 1, phrases: ['华信自己的常用语'], isDefault: false });
    expect(await phrasesOf('dealer4', 1)).toEqual(bBefore);
    expect(bBefore).toEqual({ warningType: 1, isDefault: true, phrases: defaultBefore.phrases });
    const audit = await t.db.selectFrom('audit_log').select(['username', 'target', 'detail']).where('action', '=', 'handlingPhrases.save').where('username', '=', 'adminA').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.target).toBe(`${instName.A} 离线预警`);
    expect(instName.A).toBe('华信汽车金融有限公司');
    expect(JSON.parse(audit.detail)).toMatchObject({ deptId: dept.A, warningType: 1, before: defaultBefore.phrases, after: ['华信自己的常用语'] });
  });

  it('falls through to the platform default type by type, and follows the default’s later changes', async () => {
    const type = 6;
    expect((await send('admin', HandlingPhraseCalls.save, { body: { warningType: type, phrases: ['平台默认的常用语'] } })).status).toBe(200);
    for (const who of WHO) expect({ who, group: await phrasesOf(who, type) }).toEqual({ who, group: { warningType: type, phrases: ['平台默认的常用语'], isDefault: true } });
    // B keeps its own (even an empty one); A still follows the default.
    expect((await send('adminB', HandlingPhraseCalls.save, { body: { warningType: type, phrases: [] } })).status).toBe(200);
    expect((await send('admin', HandlingPhraseCalls.save, { body: { warningType: type, phrases: ['平台改过的默认'] } })).status).toBe(200);
    expect(await phrasesOf('dealer1', type)).toEqual({ warningType: type, phrases: ['平台改过的默认'], isDefault: true });
    expect(await phrasesOf('dealer4', type)).toEqual({ warningType: type, phrases: [], isDefault: false });
    expect(await phrasesOf('admin', type, dept.B)).toEqual({ warningType: type, phrases: [], isDefault: false });
  });

  it('is reset to the default only by whoever may change it', async () => {
    const type = 7;
    for (const who of WHO) {
      for (const { name, target, deptId } of [...TARGETS, { name: 'its own (not named)', target: ownTarget(who), deptId: () => undefined }]) {
        // Both institutions keep a list of their own before each attempt.
        for (const inst of ['A', 'B'] as const) {
          expect((await send('admin', HandlingPhraseCalls.save, { body: { deptId: dept[inst], warningType: type, phrases: [`${inst}自己的列表`] } })).status).toBe(200);
        }
        const before = await storedPhrases(type);
        const res = await send(who, HandlingPhraseCalls.reset, { body: { deptId: deptId(), warningType: type } });
        // The default has nothing above it to go back to.
        const expected = changeRule(who, 'user:admin', target) === 200 && target === 'default' ? 400 : changeRule(who, 'user:admin', target);
        expect({ who, name, status: res.status }).toEqual({ who, name, status: expected });
        const changed = new Map(before);
        if (expected === 200) {
          changed.delete(deptOfTarget(target));
          expect(res.result).toMatchObject({ warningType: type, isDefault: true });
        }
        expect({ who, name, after: Object.fromEntries(await storedPhrases(type)) }).toEqual({ who, name, after: Object.fromEntries(changed) });
      }
    }
  });

  it('offers the handling dialog the phrases of the warning’s own institution, for warnings in the caller’s scope only', async () => {
    const type = 2;
    expect((await send('adminA', HandlingPhraseCalls.save, { body: { warningType: type, phrases: ['华信的断电常用语'] } })).status).toBe(200);
    expect((await send('adminB', HandlingPhraseCalls.save, { body: { warningType: type, phrases: ['另一家的断电常用语'] } })).status).toBe(200);
    /** A warning of one of the dealer's devices, as the engine stores it. */
    const warningOf = async (dealer: number) => {
      const d = await t.db.selectFrom('device').select(['id', 'car_id']).where('dept_id', '=', dealer).where('car_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
      const car = await t.db.selectFrom('car').select('customer_id').where('id', '=', d.car_id!).executeTakeFirstOrThrow();
      const row = await t.db.insertInto('warning').values({
        dept_id: dealer, device_id: d.id, car_id: d.car_id, customer_id: car.customer_id, warning_type: type, risk_level: 1, deal_status: 0, compound: 0,
        place_key: 'settings-scope', warning_time: SEED_NOW - HOUR, last_time: SEED_NOW - HOUR, lng: null, lat: null, detail: '{}', pushed: 1,
        deal_user_id: null, deal_time: null, deal_description: null,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    };
    const [wA, wB] = [await warningOf(dept.dealerA), await warningOf(dept.dealerB)];
    const byWarning = async (who: Who, warningId: number) => send(who, HandlingPhraseCalls.list, { query: { warningType: type, warningId } });
    for (const who of WHO) {
      for (const [warningId, inst, phrase] of [[wA, 'A', '华信的断电常用语'], [wB, 'B', '另一家的断电常用语']] as const) {
        const res = await byWarning(who, warningId);
        const inScope = reaches(who, `dealer${inst}`);
        expect({ who, inst, status: res.status }).toEqual({ who, inst, status: inScope ? 200 : 404 });
        if (inScope) expect((res.result as HandlingPhraseList).list[0]!.phrases).toEqual([phrase]);
      }
    }
    expect((await send('admin', HandlingPhraseCalls.list, { query: { warningId: wA, deptId: dept.B } })).status).toBe(400);
  });
});

// ---------------------------------------------------------------- thresholds

const withStay = (stayMinutes: number): RiskWarningConfig => ({ ...structuredClone(DEFAULT_RISK_WARNING_CONFIG), riskPoint: { ...DEFAULT_RISK_WARNING_CONFIG.riskPoint, stayMinutes } });
async function storedThresholds(): Promise<Record<number, number>> {
  const rows = await t.db.selectFrom('setting').select(['dept_id', 'value']).where('key', '=', RISK_WARNING_CONFIG_KEY).execute();
  return Object.fromEntries(rows.map((r) => [r.dept_id, (JSON.parse(r.value) as RiskWarningConfig).riskPoint.stayMinutes]));
}

/**
 * Thresholds name the institution itself (a dealer or the platform is 404 to whoever holds the
 * permission), platform staff must name one, and there is no stored default to change: server-behaviour
 * §5's table is the default, in the code.
 */
function thresholdChangeRule(who: Who, target: Target, named: number | undefined): number {
  const c = CALLERS[who];
  if (!c.perms.has('config:edit')) return 403;
  if (named !== undefined && named !== dept.A && named !== dept.B) return 404;
  if (c.level === 'platform') return named === undefined ? 400 : 200;
  if (target !== c.inst) return 404;
  return c.level === 'institution' ? 200 : 403;
}

describe('预警阈值 stay inside their institution', () => {
  it('are read as the caller’s institution’s; platform staff name any; the default is the code’s, the same for all', async () => {
    for (const who of WHO) {
      const own = await send(who, RiskConfigCalls.get);
      expect({ who, status: own.status }).toEqual({ who, status: 200 });
      // Platform staff without a choice are shown the first institution.
      expect((own.result as RiskConfigReply).deptId).toBe(CALLERS[who].inst ? dept[CALLERS[who].inst as Inst] : dept.A);
      expect((own.result as RiskConfigReply).defaults).toEqual(DEFAULT_RISK_WARNING_CONFIG);
      for (const { name, target, deptId } of TARGETS) {
        const res = await send(who, RiskConfigCalls.get, { query: { deptId: deptId() } });
        // Thresholds are named by the institution itself: a dealer or the platform is no institution.
        const named = deptId() === dept.A || deptId() === dept.B;
        expect({ who, name, status: res.status }).toEqual({ who, name, status: named ? readRule(who, 'warning:view', target) : 404 });
      }
    }
  });

  it('are changed by the institution’s own config:edit holders and platform staff only; no call writes a platform default', async () => {
    let stay = 100;
    for (const who of WHO) {
      for (const { name, target, deptId } of [...TARGETS, { name: 'its own (not named)', target: ownTarget(who), deptId: () => undefined }]) {
        const named = deptId();
        const before = await storedThresholds();
        const res = await send(who, RiskConfigCalls.save, { body: { deptId: named, config: withStay(++stay) } });
        const expected = thresholdChangeRule(who, target, named);
        expect({ who, name, status: res.status }).toEqual({ who, name, status: expected });
        if (expected === 200) before[deptOfTarget(target)] = stay;
        expect({ who, name, after: await storedThresholds() }).toEqual({ who, name, after: before });
      }
    }
    expect((await storedThresholds())[0]).toBeUndefined();
  });

  it('are reset by the same callers only, and then follow the defaults', async () => {
    for (const who of WHO) {
      for (const { name, target, deptId } of [...TARGETS, { name: 'its own (not named)', target: ownTarget(who), deptId: () => undefined }]) {
        for (const inst of ['A', 'B'] as const) expect((await send('admin', RiskConfigCalls.save, { body: { deptId: dept[inst], config: withStay(90) } })).status).toBe(200);
        const named = deptId();
        const before = await storedThresholds();
        const res = await send(who, RiskConfigCalls.reset, { body: { deptId: named } });
        const expected = thresholdChangeRule(who, target, named);
        expect({ who, name, status: res.status }).toEqual({ who, name, status: expected });
        if (expected === 200) {
          delete before[deptOfTarget(target)];
          expect(res.result).toMatchObject({ isDefault: true, config: DEFAULT_RISK_WARNING_CONFIG });
        }
        expect({ who, name, after: await storedThresholds() }).toEqual({ who, name, after: before });
      }
    }
  });
});

// ---------------------------------------------------------------- webhooks, white list, do-not-push: per department, customer or device

/** Webhooks, listings and exclusions of each institution's subtree, of a dealer of A and of the platform, made by their own staff. */
const made = { hooks: {} as Record<'A' | 'B' | 'dealerA' | 'platform', number>, listed: {} as Record<Inst, number>, customer: {} as Record<Inst, number>, device: {} as Record<Inst, string> };
const SECRET = 'settings-scope-secret-0123';

describe('per-department settings stay inside the caller’s subtree', () => {
  beforeAll(async () => {
    const hook = async (who: Who, name: string) =>
      ((await send(who, PushCalls.save, { body: { name, url: 'https://hooks.example.com/x', warningTypes: '*', secret: SECRET } })).result.entity as WebhookItem).id;
    made.hooks = { platform: await hook('admin', '平台推送'), A: await hook('adminA', '华信推送'), B: await hook('adminB', '另一家推送'), dealerA: await hook('dealerAdminA', '经销商推送') };
    for (const [inst, dealer, who] of [['A', dept.dealerA, 'adminA'], ['B', dept.dealerB, 'adminB']] as const) {
      const customer = await t.db.selectFrom('customer').select('id').where('dept_id', '=', dealer).orderBy('id').executeTakeFirstOrThrow();
      made.customer[inst] = customer.id;
      expect((await send(who, WhiteListCalls.save, { body: { customerId: customer.id, reason: '已核实' } })).status).toBe(200);
      made.listed[inst] = (await t.db.selectFrom('white_list').select('id').where('customer_id', '=', customer.id).executeTakeFirstOrThrow()).id;
      const device = await t.db.selectFrom('device').select('device_number').where('dept_id', '=', dealer).orderBy('id').executeTakeFirstOrThrow();
      made.device[inst] = device.device_number;
      expect((await send(who, WarningDetailCalls.cancelPush, { body: { deviceNumber: device.device_number, warningType: 1 } })).status).toBe(200);
    }
  });

  it('webhooks: each caller lists, changes, tests and reads the deliveries of its subtree’s only', async () => {
    for (const who of WHO) {
      const listed = await send(who, PushCalls.list, { body: { pageSize: 100 } });
      const ids = (listed.result.list as WebhookItem[]).map((h) => h.id);
      for (const [owner, id] of Object.entries(made.hooks) as [keyof typeof made.hooks, number][]) {
        expect({ who, owner, listed: ids.includes(id) }).toEqual({ who, owner, listed: reaches(who, owner) });
        const edit = CALLERS[who].perms.has('config:edit') ? (reaches(who, owner) ? 200 : 404) : 403;
        const seen = reaches(who, owner) ? 200 : 404;
        expect({ who, owner, deliveries: (await send(who, PushCalls.deliveries, { body: { webhookId: id } })).status }).toEqual({ who, owner, deliveries: seen });
        expect({ who, owner, enable: (await send(who, PushCalls.enable, { body: { id, enabled: true } })).status }).toEqual({ who, owner, enable: edit });
        expect({ who, owner, test: (await send(who, PushCalls.test, { body: { id } })).status }).toEqual({ who, owner, test: edit });
        const rename = await send(who, PushCalls.save, { body: { id, name: `${who}改的`, url: 'https://hooks.example.com/y', warningTypes: '*' } });
        expect({ who, owner, save: rename.status }).toEqual({ who, owner, save: edit });
      }
      // A new webhook for each department: the caller's own subtree only.
      for (const [owner, deptId] of [['platform', dept.platform], ['A', dept.A], ['B', dept.B], ['dealerA', dept.dealerA]] as const) {
        const res = await send(who, PushCalls.save, { body: { deptId, name: `${who}新建${owner}`, url: 'https://hooks.example.com/z', warningTypes: '*', secret: SECRET } });
        const expected = CALLERS[who].perms.has('config:edit') ? (reaches(who, owner) ? 200 : 404) : 403;
        expect({ who, owner, create: res.status }).toEqual({ who, owner, create: expected });
        if (res.status === 200) expect((await send(who, PushCalls.remove, { query: { id: (res.result.entity as WebhookItem).id } })).status).toBe(200);
      }
    }
    // Deleting another subtree's webhook finds nothing; the webhooks made above are all still there.
    for (const who of WHO) {
      for (const [owner, id] of Object.entries(made.hooks) as [keyof typeof made.hooks, number][]) {
        if (reaches(who, owner)) continue;
        expect({ who, owner, remove: (await send(who, PushCalls.remove, { query: { id } })).status }).toEqual({ who, owner, remove: CALLERS[who].perms.has('config:edit') ? 404 : 403 });
      }
    }
    const left = await t.db.selectFrom('webhook').select(['id', 'dept_id']).where('id', 'in', Object.values(made.hooks)).orderBy('id').execute();
    expect(left).toEqual([
      { id: made.hooks.platform, dept_id: dept.platform }, { id: made.hooks.A, dept_id: dept.A }, { id: made.hooks.B, dept_id: dept.B }, { id: made.hooks.dealerA, dept_id: dept.dealerA },
    ]);
  });

  it('white list: each caller lists, finds, adds and removes its subtree’s customers only', async () => {
    for (const who of WHO) {
      const listed = ((await send(who, WhiteListCalls.list, { body: { pageSize: 100 } })).result.list as WhiteListItem[]).map((w) => w.id);
      for (const inst of ['A', 'B'] as const) {
        const mine = reaches(who, `dealer${inst}`);
        const edit = CALLERS[who].perms.has('config:edit') ? (mine ? 200 : 404) : 403;
        expect({ who, inst, listed: listed.includes(made.listed[inst]) }).toEqual({ who, inst, listed: mine });
        const customer = await t.db.selectFrom('customer').select('phone').where('id', '=', made.customer[inst]).executeTakeFirstOrThrow();
        const found = await send(who, WhiteListCalls.findCustomer, { body: { keyword: customer.phone } });
        if (edit === 403) expect(found.status).toBe(403);
        else expect({ who, inst, found: (found.result as { id: number }[]).some((c) => c.id === made.customer[inst]) }).toEqual({ who, inst, found: mine });
        const before = await t.db.selectFrom('white_list').selectAll().where('id', '=', made.listed[inst]).executeTakeFirstOrThrow();
        const saved = await send(who, WhiteListCalls.save, { body: { customerId: made.customer[inst], reason: `${who}改的` } });
        expect({ who, inst, save: saved.status }).toEqual({ who, inst, save: edit });
        if (edit !== 200) expect(await t.db.selectFrom('white_list').selectAll().where('id', '=', made.listed[inst]).executeTakeFirstOrThrow()).toEqual(before);
        const removed = await send(who, WhiteListCalls.remove, { query: { id: made.listed[inst] } });
        expect({ who, inst, remove: removed.status }).toEqual({ who, inst, remove: edit });
        if (removed.status === 200) {
          expect((await send(who, WhiteListCalls.save, { body: { customerId: made.customer[inst], reason: '重新加入' } })).status).toBe(200);
          made.listed[inst] = (await t.db.selectFrom('white_list').select('id').where('customer_id', '=', made.customer[inst]).executeTakeFirstOrThrow()).id;
        } else {
          expect(await t.db.selectFrom('white_list').select('id').where('id', '=', made.listed[inst]).executeTakeFirst()).toBeDefined();
        }
      }
    }
  });

  it('do-not-push: each caller reads and changes its subtree’s devices only', async () => {
    for (const who of WHO) {
      const listed = ((await send(who, WarningDetailCalls.notStatisticsList, { body: { pageSize: 100 } })).result.list as { deviceNumber: string }[]).map((n) => n.deviceNumber);
      for (const inst of ['A', 'B'] as const) {
        const mine = reaches(who, `dealer${inst}`);
        const deviceNumber = made.device[inst];
        expect({ who, inst, listed: listed.includes(deviceNumber) }).toEqual({ who, inst, listed: mine });
        const form = { deviceNumber, warningType: 1 };
        expect({ who, inst, read: (await send(who, WarningDetailCalls.notPushConfig, { query: form })).status }).toEqual({ who, inst, read: mine ? 200 : 404 });
        for (const call of [WarningDetailCalls.cancelPush, WarningDetailCalls.cancelByDevice, WarningDetailCalls.restorePush, WarningDetailCalls.allowByDevice]) {
          const res = call.method === 'DELETE' ? await send(who, call, { query: form }) : await send(who, call, { body: form });
          expect({ who, inst, call: call.path, status: res.status }).toEqual({ who, inst, call: call.path, status: mine ? 200 : 404 });
        }
        // Whatever was tried, the exclusion made by the institution's administrator is in place again.
        if (mine) expect((await send(who, WarningDetailCalls.cancelPush, { body: form })).status).toBe(200);
        const row = await t.db.selectFrom('warning_not_push as n').innerJoin('device as d', 'd.id', 'n.device_id').select('n.id').where('d.device_number', '=', deviceNumber).where('n.warning_type', '=', 1).executeTakeFirst();
        expect(row).toBeDefined();
      }
    }
  });
});

describe('in-app push', () => {
  it('each caller reads and sets the in-app switches of its subtree’s departments only', async () => {
    const homes = [['platform', dept.platform], ['A', dept.A], ['B', dept.B], ['dealerA', dept.dealerA]] as const;
    for (const who of WHO) {
      for (const [home, deptId] of homes) {
        const mine = reaches(who, home);
        const read = CALLERS[who].perms.has('warning:view') ? (mine ? 200 : 404) : 403;
        expect({ who, home, read: (await send(who, PushCalls.inApp, { query: { deptId } })).status }).toEqual({ who, home, read });
        const edit = CALLERS[who].perms.has('config:edit') ? (mine ? 200 : 404) : 403;
        const saved = await send(who, PushCalls.inAppSave, { body: { deptId, warningType: 1, inApp: false } });
        expect({ who, home, save: saved.status }).toEqual({ who, home, save: edit });
        // Back to following the department above, so the next caller starts from the same place.
        if (saved.status === 200) expect((await send(who, PushCalls.inAppSave, { body: { deptId, warningType: 1, inApp: null } })).status).toBe(200);
      }
    }
    // Every refused save left nothing behind; every allowed one was undone.
    expect(await t.db.selectFrom('push_in_app').selectAll().execute()).toEqual([]);
  });
});

describe('the matrix', () => {
  it('sent every settings call as every caller', () => {
    const missing = Object.entries(SETTINGS_CALLS).flatMap(([name, call]) => WHO.filter((who) => !reached.get(call)?.has(who)).map((who) => `${name} as ${who}`));
    expect(missing).toEqual([]);
  });
});
