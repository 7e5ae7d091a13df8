import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Codes, INGEST_KEY_HEADER, IngestCalls, isFileReply, LoanImportCalls, listCalls, RecoveryCalls, type CallDeclaration } from '@cvrisk/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';
import { BIG_TEXT, casesFor, type FuzzCase, type Hints } from './cases.js';
import { addDealerRows } from './dealer-rows.js';
import { caseCount, createRng, FUZZ_SEED, seedFor, type Rng } from './random.js';

/** The calls an integration makes with its API key (checked before the body), not a session. */
const KEYED: CallDeclaration[] = [IngestCalls.positions, LoanImportCalls.importJson];
/**
 * Calls whose rule refuses the platform administrator whatever they hold: approving an immobilisation
 * is the second person of the car's own institution (issue 32), so admin's 403 there is the rule working.
 */
const REFUSES_PLATFORM: CallDeclaration[] = [RecoveryCalls.controlDecide];

/**
 * Every declared call, fuzzed from its declaration (issue 12, item 3): a few hundred valid, boundary
 * and wrong inputs per call, sent as admin (who holds every permission; public calls without a
 * token). Whatever the input: never a 5xx, always the {code, msg} envelope; input the schema refuses
 * is a 400; a success matches the reply schema; a file call answers its file or an envelope.
 * Reproduce a failure with the FUZZ_SEED it prints (and `-t <call name>`); FUZZ_CASES sets the count.
 */

const calls = listCalls();
let t: TestApp;
let token: string;
/** Sessions for the call that ends its own (logout): one fresh token per case, signed in before any login is fuzzed. */
const spareTokens: string[] = [];
let hints: Hints = () => undefined;
const summary: string[] = [];

/** Ends the caller's session: each case needs a session of its own, and signing in costs a password hash, so fewer cases. */
const endsSession = (call: CallDeclaration) => /\/logout$/i.test(call.path);
const LOGOUT_CASES = 12;
/**
 * Signing in, registering, changing or resetting a password and creating a user hash one on every
 * attempt (~50–500 ms each here): fewer cases, or they alone take minutes (resetting took 15 s of the
 * file's 49 s). A fuzzed change never knows admin's password, so it never lands.
 */
const hashesPasswords = (call: CallDeclaration) => /\/(login|register|changePassword|resetPassword)$|\/system\/user\/create$/i.test(call.path);
const PASSWORD_CASES = 12;
/** The integration key the position feed (public, with its own credential) is sent with. */
let ingestKey = '';
/** The department the keys are issued for. */
let keyDept = 0;

/**
 * Each keyed call gets a key of its own, issued just before it is fuzzed: fuzzing revokeIntegration
 * sends small ids, which reach real keys, so a key issued once at the start would be revoked by then.
 */
async function issueKey(name: string): Promise<string> {
  const created = await t.app.inject({ method: 'POST', url: IngestCalls.createIntegration.path, headers: { accessToken: token }, payload: { name: `fuzz ${name}`, deptId: keyDept } });
  return (created.json() as { result: { apiKey: string } }).result.apiKey;
}

/** The server's error log, so a 500 in the report says what broke (by request id). */
const errors = new Map<string, string>();
const logger = pino(
  { level: 'error' },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      try {
        const line = JSON.parse(chunk.toString()) as { reqId?: string; err?: { message?: string; stack?: string } };
        if (line.reqId) errors.set(line.reqId, line.err?.message ?? line.err?.stack?.split('\n')[0] ?? '');
      } catch {
        // Not a JSON log line: nothing to keep.
      }
      done();
    },
  }),
);

beforeAll(async () => {
  // The webhook test call sends now and waits for the answer: names resolve to nothing here, so it
  // fails at once as unreachable instead of waiting on the network.
  t = await createTestApp({}, logger, {
    push: {
      resolve: () => Promise.reject(new Error('the fuzz test resolves no names')),
      timeoutMs: 500,
    },
  });
  for (const d of await t.db.selectFrom('dept').select('id').where('kind', '=', 'dealer').execute()) await addDealerRows(t.db, d.id);
  token = await t.login('admin');
  const logouts = calls.filter(({ call }) => endsSession(call)).length;
  for (let i = 0; i < logouts * LOGOUT_CASES; i++) spareTokens.push(await t.login('admin'));
  hints = await demoHints(t);
  keyDept = (await t.db.selectFrom('dept').select('id').where('kind', '=', 'dealer').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  if (summary.length) console.info(`fuzz FUZZ_SEED=${FUZZ_SEED}\n${summary.join('\n')}`);
  await t?.close();
});

/** Real values of the demo for fields named like them, so valid inputs also reach existing rows. */
async function demoHints(app: TestApp): Promise<Hints> {
  const devices = (await app.db.selectFrom('device').select('device_number').orderBy('id').limit(40).execute()).map((r) => r.device_number);
  const cars = await app.db.selectFrom('car').select(['plate_number', 'frame_number']).orderBy('id').limit(40).execute();
  const customers = (await app.db.selectFrom('customer').select('name').orderBy('id').limit(40).execute()).map((r) => r.name);
  const plates = cars.map((c) => c.plate_number);
  const frames = cars.map((c) => c.frame_number);
  return (name, rng) => {
    const n = name.toLowerCase();
    if (rng.chance(0.2)) return undefined;
    if (/devicenumber|devnumber|divnumber|imei/.test(n)) return rng.pick(devices);
    if (/plate/.test(n)) return rng.pick(plates);
    if (/frame|vin/.test(n)) return rng.pick(frames);
    if (/customername|carownername/.test(n)) return rng.pick(customers);
    if (/keyword|search|^q$/.test(n)) return rng.pick([...devices, ...plates, ...customers]);
    return undefined;
  };
}

// ---------------------------------------------------------------- sending

type Answer = { status: number; contentType: string; body: string };

/** An event stream never ends, so it is read over a real socket until its head (or an error body) arrives. */
let stream: { base: string } | null = null;
async function sendStreaming(c: FuzzCase, call: CallDeclaration, headers: Record<string, string>): Promise<Answer> {
  if (!stream) {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    stream = { base: `http://127.0.0.1:${port}` };
  }
  const abort = new AbortController();
  const res = await fetch(stream.base + c.url, { method: call.method, headers, body: c.payload, signal: abort.signal });
  const contentType = res.headers.get('content-type') ?? '';
  const body = contentType.includes('json') ? await res.text() : '';
  abort.abort();
  return { status: res.status, contentType, body };
}

async function send(c: FuzzCase, call: CallDeclaration, session: string | null): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (session) headers.accessToken = session;
  if (KEYED.includes(call)) headers[INGEST_KEY_HEADER] = ingestKey;
  if (c.contentType) headers['content-type'] = c.contentType;
  if (isFileReply(call.reply) && call.reply.file === 'text/event-stream') return sendStreaming(c, call, headers);
  const res = await t.app.inject({ method: call.method, url: c.url, headers, ...(c.payload !== undefined ? { payload: c.payload } : {}) });
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
}

// ---------------------------------------------------------------- checking

/** What is wrong with one answer, or null. */
function judge(call: CallDeclaration, c: FuzzCase, a: Answer): string | null {
  if (a.status >= 500) return `status ${a.status}${serverError(a.body)}`;
  const file = isFileReply(call.reply) ? call.reply.file : null;
  // application/octet-stream declares "a file" whose type the input picks (a track as xlsx or csv…).
  const isFile = file && a.status === 200 && (a.contentType.startsWith(file) || (file === 'application/octet-stream' && !a.contentType.includes('json')));
  if (isFile) return c.valid ? null : 'a file for input the schema refuses';
  if (!a.contentType.includes('application/json')) return `content type "${a.contentType}" is neither JSON${file ? ` nor ${file}` : ''}`;
  let env: { code?: unknown; msg?: unknown; result?: unknown; data?: unknown };
  try {
    env = JSON.parse(a.body) as typeof env;
  } catch {
    return 'a body that is not JSON';
  }
  if (typeof env !== 'object' || env === null || typeof env.code !== 'number' || typeof env.msg !== 'string') return 'no {code, msg} envelope';
  if (!c.valid) {
    if (a.status !== 400 || env.code !== Codes.BAD_INPUT) return `input the schema refuses answered ${a.status} / code ${env.code}, not 400`;
    return namedTwice(env.msg);
  }
  // Admin holds every permission; a public call may refuse its own way (a wrong password).
  const refused = env.code === Codes.INVALID_TOKEN || a.status === 401 || a.status === 403;
  if (call.access !== 'public' && refused && !(REFUSES_PLATFORM.includes(call) && a.status === 403)) return `admin refused (${a.status} / code ${env.code})`;
  if (env.code === Codes.OK && !file) {
    const payload = call.envelope === 'data' ? env.data : env.result;
    const parsed = (call.reply as Exclude<CallDeclaration['reply'], { file: string }>).safeParse(payload);
    if (!parsed.success) return `reply does not match the reply schema: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  }
  if (env.code === Codes.OK && file) return `a success envelope instead of ${file}`;
  return null;
}

/**
 * "参数错误：pageSize pageSize不能大于100" named the field twice (issue 13): the server puts the field in
 * front, so a schema's own message must not name it again.
 */
function namedTwice(msg: string): string | null {
  for (const part of msg.replace(/^参数错误：/, '').split('；')) {
    const [field = '', ...rest] = part.split(' ');
    // A list's items are named by their index ("ids.0"): a digit in "最多30个字符" is not the field again.
    const name = field.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? '';
    if (name && rest.join(' ').includes(name)) return `the 400 names "${name}" twice: "${msg}"`;
  }
  return null;
}

function serverError(body: string): string {
  try {
    const id = (JSON.parse(body) as { requestId?: string }).requestId;
    return id && errors.has(id) ? ` (server log: ${errors.get(id)})` : '';
  } catch {
    return '';
  }
}

const shorten = (s: string | undefined, max = 400) => {
  if (s === undefined) return '(none)';
  const plain = s.split(BIG_TEXT).join('<100 KB of x>').split(encodeURIComponent(BIG_TEXT)).join('<100 KB of x>');
  return plain.length > max ? `${plain.slice(0, max)}…(${plain.length} characters)` : plain;
};

/**
 * On PostgreSQL only the inputs the schema accepts are sent, and of the fresh random ones only the
 * first few. One the schema refuses is answered 400 before the handler runs, the same on either
 * database, and the SQLite run proves that for every case; a fresh random input is ordinary text and
 * numbers in range, which the route tests already send to every query on PostgreSQL. The second run
 * spends its time where the databases differ: every boundary of every field (numbers past a 32-bit
 * column, the longest texts, each enum value, empty strings) and the values LIKE and the hints reach.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const RANDOM_VALID_ON_POSTGRES = 24;
function sentCases(cases: FuzzCase[]): FuzzCase[] {
  if (!onPostgres) return cases;
  let fresh = 0;
  return cases.filter((c) => c.valid && (c.kind !== 'valid' || fresh++ < RANDOM_VALID_ON_POSTGRES));
}

async function fuzzCall(name: string, call: CallDeclaration): Promise<void> {
  const rng: Rng = createRng(seedFor(name));
  const count = endsSession(call) ? LOGOUT_CASES : hashesPasswords(call) ? PASSWORD_CASES : caseCount(isFileReply(call.reply));
  const cases = casesFor(call, rng, count, hints);
  if (KEYED.includes(call)) ingestKey = await issueKey(name);
  const failures: string[] = [];
  let ok = 0;
  const sent = new Set(sentCases(cases));
  for (const [i, c] of cases.entries()) {
    if (!sent.has(c)) continue;
    const session = call.access === 'public' ? null : endsSession(call) ? (spareTokens.pop() ?? (await t.login('admin'))) : token;
    const answer = await send(c, call, session);
    if (answer.status === 200) ok++;
    const wrong = judge(call, c, answer);
    if (wrong) {
      failures.push(
        `${name} case #${i} (${c.what}, ${c.valid ? 'valid' : 'invalid'}) [FUZZ_SEED=${FUZZ_SEED}]: ${wrong}\n` +
          `  ${call.method} ${shorten(c.url)}\n  body: ${shorten(c.payload)}\n  answer ${answer.status}: ${shorten(answer.body)}`,
      );
    }
    // A call that ended admin's session (a password change, a disabled account) must not fail all the others.
    if (session === token && answer.status === 401) token = await t.login('admin');
  }
  summary.push(`${name}: ${cases.length} cases, ${cases.filter((c) => c.valid).length} valid, ${sent.size} sent, ${ok} answered 200, ${failures.length} failed`);
  // The first few in full (each reproducible from its seed and number), then how many more.
  const shown = failures.slice(0, 8).join('\n\n') + (failures.length > 8 ? `\n\n…and ${failures.length - 8} more of ${cases.length} cases` : '');
  expect(failures.length, shown).toBe(0);
}

describe(`every declared call survives fuzzing (FUZZ_SEED=${FUZZ_SEED})`, () => {
  it('has calls to fuzz', () => expect(calls.length).toBeGreaterThan(0));
  for (const { name, call } of calls) it(name, () => fuzzCall(name, call), 120_000);
});
