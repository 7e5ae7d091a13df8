import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { INGEST_KEY_HEADER, IngestCalls, isFileReply, LoanImportCalls, listCalls, Permissions, type CallDeclaration } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccountBeside } from '../editors.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { addDealerRows } from './dealer-rows.js';
import { fieldsOf, jsonSchemaOf, validBase, wire, withValue, type Field, type JsonSchema } from './cases.js';
import { createRng, FUZZ_SEED, seedFor } from './random.js';

/** The calls an integration makes with its API key (checked before the body), not a session. */
const KEYED: CallDeclaration[] = [IngestCalls.positions, LoanImportCalls.importJson];

/**
 * The scope pass (issue 12, item 3): every declared call, sent by dealer1's department with another
 * dealer's (dealer2's) identifiers put into the fields named like them. Each answer is a refusal
 * (400/403/404) or a success that shows nothing of dealer2, and nothing of dealer2's changes.
 * Sent twice: as the demo's dealer1 (few permissions) and as an account beside it with every
 * permission, so the writes are reached too. "Foreign" is every department outside dealer1's subtree
 * except its ancestors' shared risk points and fences (server-behaviour §1): replies are searched for
 * the texts of all of them, the inputs carry dealer2's identifiers.
 */

const calls = listCalls();
let t: TestApp;
let dealer2Depts: number[] = [];
/** Every department whose data dealer1 must not see (all but its subtree and its ancestors). */
let foreignDepts: number[] = [];
/** The departments above dealer1: their shared rows it may see, their settings (its institution's, the platform's) it may not change. */
let ancestorDepts: number[] = [];
/** Texts dealer1's own successful writes stored (a webhook named like a foreign plate is dealer1's now). */
const storedByDealer1 = new Set<string>();
const summary: string[] = [];
let ingestKey = '';
/** Who issues the keys, and for which department (dealer1's). */
let adminToken = '';
let keyDept = 0;

/**
 * Each keyed call gets a key of its own, issued just before it is sent: fuzzdealer1 holds user:admin,
 * so the revokeIntegration pass may revoke dealer1's keys (its own, rightly), the one issued at the start too.
 */
async function issueKey(name: string): Promise<string> {
  const created = await t.app.inject({ method: 'POST', url: IngestCalls.createIntegration.path, headers: { accessToken: adminToken }, payload: { name: `fuzz scope ${name}`, deptId: keyDept } });
  return (created.json() as { result: { apiKey: string } }).result.apiKey;
}
const tokens: Record<string, string> = {};
const USERS = ['dealer1', 'fuzzdealer1'] as const;

/** What identifies dealer2's objects, by kind. */
type Kind = 'id:warning' | 'id:car' | 'id:customer' | 'id:device' | 'id:fence' | 'id:riskPoint' | 'id:alarm' | 'id:whiteList' | 'id:webhook' | 'id:order' | 'id:user' | 'id:dept' | 'id:integration'
  | 'deviceNumber' | 'plate' | 'frame' | 'customerName' | 'phone';
const foreign = new Map<Kind, (string | number)[]>();
/** dealer2's texts that appear nowhere else: none may be in a reply to dealer1. */
let secrets = new Set<string>();

/** Field names (lower case) and the kinds of dealer2 value to put in them; a bare `id` gets each kind of id in turn. */
const FIELD_KINDS: [RegExp, Kind[]][] = [
  [/^(id|ids|idlist)$/, ['id:warning', 'id:car', 'id:customer', 'id:device', 'id:fence', 'id:riskPoint', 'id:alarm', 'id:whiteList', 'id:webhook', 'id:order', 'id:user', 'id:integration']],
  [/^(devicenumbers?|devnumbers?|divnumbers?|imeis?|devicenumberlist)$/, ['deviceNumber']],
  [/^deviceids?$/, ['id:device']],
  [/^carids?$/, ['id:car']],
  [/vin|frame/, ['frame']],
  [/plate/, ['plate']],
  [/^customerids?$/, ['id:customer']],
  [/customername|carownername|realname/, ['customerName']],
  [/^warningids?$/, ['id:warning']],
  [/^fenceids?$/, ['id:fence']],
  [/riskpointids?$/, ['id:riskPoint']],
  [/alarmids?$/, ['id:alarm']],
  [/whitelistids?$/, ['id:whiteList']],
  [/webhookids?$/, ['id:webhook']],
  [/^(deptids?|deptid4s|dealerid)$/, ['id:dept']],
  [/^userids?$/, ['id:user']],
  [/orderids?$/, ['id:order']],
  [/keyword|search|^q$|^name$/, ['deviceNumber', 'plate', 'frame', 'customerName']],
  [/phone|mobile/, ['phone']],
];

beforeAll(async () => {
  t = await createTestApp({}, undefined, { push: { resolve: () => Promise.reject(new Error('the fuzz test resolves no names')), timeoutMs: 500 } });
  await addAccountBeside(t, 'dealer1', 'fuzzdealer1', [...Permissions]);
  for (const u of USERS) tokens[u] = await t.login(u);
  adminToken = await t.login('admin');
  const users = await t.db.selectFrom('app_user').select(['username', 'dept_id']).execute();
  const deptOf = (name: string) => users.find((u) => u.username === name)!.dept_id;
  const depts = await t.db.selectFrom('dept').select(['id', 'parent_id', 'kind']).execute();
  const subtree = (root: number) => {
    const out = [root];
    for (let grew = true; grew; ) {
      const more = depts.filter((d) => d.parent_id !== null && out.includes(d.parent_id) && !out.includes(d.id));
      out.push(...more.map((d) => d.id));
      grew = more.length > 0;
    }
    return out;
  };
  const ancestors: number[] = [];
  for (let at = depts.find((d) => d.id === deptOf('dealer1'))?.parent_id ?? null; at !== null; at = depts.find((d) => d.id === at)?.parent_id ?? null) ancestors.push(at);
  const own = subtree(deptOf('dealer1'));
  dealer2Depts = subtree(deptOf('dealer2'));
  foreignDepts = depts.map((d) => d.id).filter((id) => !own.includes(id) && !ancestors.includes(id));
  ancestorDepts = ancestors;
  for (const d of depts.filter((x) => x.kind === 'dealer')) await addDealerRows(t.db, d.id);
  keyDept = deptOf('dealer1');
  await collectForeign();
});
afterAll(async () => {
  if (summary.length) console.info(`scope fuzz FUZZ_SEED=${FUZZ_SEED}\n${summary.join('\n')}`);
  await t?.close();
});

async function collectForeign(): Promise<void> {
  const ids = async (table: 'warning' | 'car' | 'customer' | 'device' | 'fence' | 'risk_point' | 'device_alarm' | 'white_list' | 'webhook' | 'dispatch_order' | 'app_user' | 'integration') =>
    (await t.db.selectFrom(table).select('id').where('dept_id', 'in', dealer2Depts).orderBy('id').limit(2).execute()).map((r) => r.id);
  foreign.set('id:warning', await ids('warning'));
  foreign.set('id:car', await ids('car'));
  foreign.set('id:customer', await ids('customer'));
  foreign.set('id:device', await ids('device'));
  foreign.set('id:fence', await ids('fence'));
  foreign.set('id:riskPoint', await ids('risk_point'));
  foreign.set('id:alarm', await ids('device_alarm'));
  foreign.set('id:whiteList', await ids('white_list'));
  foreign.set('id:webhook', await ids('webhook'));
  foreign.set('id:order', await ids('dispatch_order'));
  foreign.set('id:user', await ids('app_user'));
  foreign.set('id:integration', await ids('integration'));
  foreign.set('id:dept', dealer2Depts.slice(0, 2));

  const devices = await t.db.selectFrom('device').select(['device_number', 'dept_id']).execute();
  const cars = await t.db.selectFrom('car').select(['plate_number', 'frame_number', 'dept_id']).execute();
  const customers = await t.db.selectFrom('customer').select(['name', 'phone', 'id_card', 'dept_id']).execute();
  /** The values of a column in `depts` that no row dealer1 may see has (demo names repeat across dealers). */
  const only = <R extends { dept_id: number }>(rows: R[], pick: (r: R) => string, depts: number[]) => {
    const visible = new Set(rows.filter((r) => !foreignDepts.includes(r.dept_id)).map(pick));
    return [...new Set(rows.filter((r) => depts.includes(r.dept_id)).map(pick))].filter((v) => v !== '' && !visible.has(v));
  };
  foreign.set('deviceNumber', only(devices, (r) => r.device_number, dealer2Depts).slice(0, 2));
  foreign.set('plate', only(cars, (r) => r.plate_number, dealer2Depts).slice(0, 2));
  foreign.set('frame', only(cars, (r) => r.frame_number, dealer2Depts).slice(0, 2));
  foreign.set('customerName', only(customers, (r) => r.name, dealer2Depts).slice(0, 2));
  foreign.set('phone', only(customers, (r) => r.phone, dealer2Depts).slice(0, 2));
  secrets = new Set([
    ...only(devices, (r) => r.device_number, foreignDepts),
    ...only(cars, (r) => r.plate_number, foreignDepts),
    ...only(cars, (r) => r.frame_number, foreignDepts),
    ...only(customers, (r) => r.name, foreignDepts),
    ...only(customers, (r) => r.id_card, foreignDepts),
  ]);
}

// ---------------------------------------------------------------- dealer2's rows, before and after

/** A digest of every foreign row (and of rows hanging off them): a call that changes one changes it. */
async function foreignDigest(): Promise<string> {
  const d = foreignDepts;
  const db = t.db;
  const deviceIds = db.selectFrom('device').select('id').where('dept_id', 'in', d);
  const parts: unknown[] = [];
  for (const table of ['customer', 'loan', 'car', 'device', 'device_alarm', 'warning', 'white_list', 'warning_not_push', 'risk_point', 'fence', 'dispatch_order', 'webhook', 'integration'] as const) {
    parts.push(await db.selectFrom(table).selectAll().where('dept_id', 'in', d).execute());
  }
  parts.push(await db.selectFrom('dept').selectAll().where('id', 'in', d).execute());
  // Settings kept per institution and the platform default (0): a dealer changes neither its institution's nor anyone else's.
  parts.push(await db.selectFrom('setting').selectAll().where('dept_id', 'in', [0, ...d, ...ancestorDepts]).execute());
  parts.push(await db.selectFrom('app_user').selectAll().where('dept_id', 'in', d).execute());
  parts.push(await db.selectFrom('warning_deal').selectAll().where('warning_id', 'in', db.selectFrom('warning').select('id').where('dept_id', 'in', d)).execute());
  parts.push(await db.selectFrom('fence_binding').selectAll().where((eb) => eb.or([
    eb('fence_id', 'in', db.selectFrom('fence').select('id').where('dept_id', 'in', d)),
    eb('device_id', 'in', deviceIds),
  ])).execute());
  parts.push(await db.selectFrom('device_command').selectAll().where('device_id', 'in', deviceIds).execute());
  parts.push(await db.selectFrom('device_status').selectAll().where('device_id', 'in', deviceIds).execute());
  parts.push(await db.selectFrom('webhook_delivery').selectAll().where('webhook_id', 'in', db.selectFrom('webhook').select('id').where('dept_id', 'in', d)).execute());
  parts.push(await db.selectFrom('position').select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('gps_time').as('last')]).where('device_id', 'in', deviceIds).execute());
  // Row order and number types differ between the engines; the digest must not.
  const text = JSON.stringify(parts.map((rows) => (rows as object[]).map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' || typeof v === 'number' ? String(v) : v))).sort()));
  return crypto.createHash('sha256').update(text).digest('hex');
}

// ---------------------------------------------------------------- the cases

type ScopeCase = { what: string; query?: unknown; body?: unknown; sent: Set<string> };

/** The value of a field for a foreign identifier, in the field's own type (a list holds it, a number is a number). */
function asField(node: JsonSchema, value: string | number): unknown {
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === 'array') return [asField(node.items ?? {}, value)];
  if (type === 'integer' || type === 'number') return typeof value === 'number' ? value : Number(value);
  if (type === 'string') return String(value);
  return value;
}

function kindsOf(f: Field): Kind[] {
  const name = f.path[f.path.length - 1]!.toLowerCase();
  return FIELD_KINDS.find(([re]) => re.test(name))?.[1] ?? [];
}

/** Two valid inputs as they are, then one case per field and kind of foreign value, then all fields at once. */
function scopeCases(name: string, call: CallDeclaration): ScopeCase[] {
  const rng = createRng(seedFor(`scope:${name}`));
  const out: ScopeCase[] = [];
  for (let i = 0; i < 2; i++) out.push({ what: 'a valid input', ...validBase(call, rng), sent: new Set() });
  const all: { query?: unknown; body?: unknown } = validBase(call, rng);
  const allSent = new Set<string>();
  for (const part of ['query', 'body'] as const) {
    const schema = call[part];
    if (!schema) continue;
    const root = jsonSchemaOf(schema);
    for (const f of fieldsOf(root, root)) {
      for (const kind of kindsOf(f)) {
        for (const value of foreign.get(kind) ?? []) {
          const base = validBase(call, rng);
          out.push({ what: `${part}.${f.path.join('.')} = dealer2's ${kind} ${value}`, ...base, [part]: withValue(base[part], f.path, asField(f.node, value)), sent: new Set([String(value)]) });
        }
        const first = foreign.get(kind)?.[0];
        if (first !== undefined && kind === kindsOf(f)[0]) {
          all[part] = withValue(all[part], f.path, asField(f.node, first));
          allSent.add(String(first));
        }
      }
    }
  }
  if (allSent.size) out.push({ what: `every matching field with dealer2's values`, ...all, sent: allSent });
  return out;
}

// ---------------------------------------------------------------- checking

/** Every text of a reply: a JSON payload's strings, a sheet's cells, or a text file's lines. */
async function textsOf(contentType: string, raw: Buffer): Promise<string[]> {
  if (contentType.includes('json')) {
    const out: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'string') out.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(JSON.parse(raw.toString('utf8')));
    return out;
  }
  if (contentType.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw as unknown as ArrayBuffer);
    const out: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => (row.values as unknown[]).forEach((v) => v !== null && v !== undefined && out.push(String(v)))));
    return out;
  }
  return raw.toString('utf8').split(/[\r\n,\t]+/);
}

const REFUSALS = [400, 403, 404];

async function scopeCall(name: string, call: CallDeclaration): Promise<void> {
  const failures: string[] = [];
  const tally = { cases: 0, aimed: 0, refused: 0 };
  if (KEYED.includes(call)) ingestKey = await issueKey(name);
  const before = await foreignDigest();
  for (const user of USERS) {
    for (const [i, c] of scopeCases(name, call).entries()) {
      const req = wire(call, c.query, c.body);
      const headers: Record<string, string> = {};
      const endsSession = /\/logout$/i.test(call.path);
      if (call.access !== 'public') headers.accessToken = endsSession ? await t.login(user) : tokens[user]!;
      if (KEYED.includes(call)) headers[INGEST_KEY_HEADER] = ingestKey;
      if (req.contentType) headers['content-type'] = req.contentType;
      const res = await t.app.inject({ method: call.method, url: req.url, headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) });
      const where = `${name} as ${user}, case #${i} (${c.what}) [FUZZ_SEED=${FUZZ_SEED}]\n  ${call.method} ${req.url}\n  body: ${req.payload ?? '(none)'}`;
      if (res.statusCode >= 500) {
        failures.push(`${where}\n  answer ${res.statusCode}: ${res.body.slice(0, 300)}`);
        continue;
      }
      tally.cases++;
      if (c.sent.size) tally.aimed++;
      if (REFUSALS.includes(res.statusCode)) {
        tally.refused++;
        continue;
      }
      const contentType = String(res.headers['content-type'] ?? '');
      if (isFileReply(call.reply) && contentType.includes('text/event-stream')) continue;
      const texts = await textsOf(contentType, res.rawPayload);
      // A reply may repeat what was asked (a list of numbers not found); anything else of dealer2's is a leak.
      const leaked = [...new Set(texts.filter((s) => secrets.has(s) && !c.sent.has(s) && !storedByDealer1.has(s)))];
      if (call.method !== 'GET') c.sent.forEach((v) => storedByDealer1.add(v));
      if (leaked.length) failures.push(`${where}\n  answer ${res.statusCode} shows dealer2's ${leaked.slice(0, 5).join(', ')}`);
    }
  }
  summary.push(`${name}: ${tally.cases} cases, ${tally.aimed} with dealer2's values, ${tally.refused} refused`);
  const after = await foreignDigest();
  if (after !== before) failures.push(`${name}: rows outside dealer1's reach changed while dealer1 called it (seed ${FUZZ_SEED})`);
  expect(failures.length, failures.slice(0, 8).join('\n\n')).toBe(0);
}

describe(`no call lets dealer1 reach dealer2 (FUZZ_SEED=${FUZZ_SEED})`, () => {
  it('has dealer2 data to look for', () => {
    expect(secrets.size).toBeGreaterThan(10);
    for (const kind of ['id:warning', 'id:car', 'id:customer', 'id:device', 'deviceNumber', 'plate', 'frame'] as const) expect(foreign.get(kind)?.length, kind).toBeGreaterThan(0);
  });
  for (const { name, call } of calls) it(name, () => scopeCall(name, call), 120_000);
});
