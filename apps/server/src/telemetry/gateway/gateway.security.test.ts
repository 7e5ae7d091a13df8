import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { packFrames } from '../jt808/frame-writer.js';
import { FrameSplitter, MessageId, RegisterResult } from '../jt808/index.js';
import { encodeLocationReport } from '../jt808/messages/location.js';
import { locationFix, VirtualTerminal } from '../simulator/virtual-terminal.js';
import { hashAuthCode } from './auth-code.js';
import { createJt808Gateway, DEFAULT_GATEWAY_LIMITS, type GatewayLimits, type Jt808Gateway } from './gateway.js';

/**
 * The attacks of the security review, replayed: someone with only network access who knows (or
 * guesses) device numbers tries to take a terminal over, and floods the gateway before authenticating.
 */
let t: TestApp;
let numbers: string[] = [];
const silent = { info() {}, warn() {} };
const T = Date.UTC(2026, 10, 21, 2, 0, 0);
const gateways: Jt808Gateway[] = [];

beforeAll(async () => {
  t = await createTestApp();
  numbers = (await t.db.selectFrom('device').select('device_number').where('kind', '=', 1).where('car_id', 'is not', null).orderBy('id').limit(20).execute()).map((r) => r.device_number);
});
afterAll(async () => {
  for (const g of gateways) await g.close();
  await t.close();
});

async function startGateway(limits: Partial<GatewayLimits> = {}) {
  const gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, limits, log: silent });
  gateways.push(gateway);
  const port = await gateway.listen();
  t.telemetry.channel = gateway.channel;
  return { gateway, port };
}

async function terminal(port: number, deviceNumber: string) {
  const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber, version: 2013, model: 'GT06N', replyTimeoutMs: 5000 });
  await vt.connect();
  return vt;
}

const closed = (socket: net.Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
const fix = (lng = 120.15, lat = 30.28, time = T) => locationFix({ time, lng, lat, speed: 0, direction: 0, acc: false });

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met in time');
}

async function api(username: string, url: string, payload: object) {
  const token = await t.login(username);
  return t.app.inject({ method: 'POST', url, headers: { accessToken: token }, payload });
}

describe('a terminal cannot be taken over by knowing its number', () => {
  it('refuses a second registration, a wrong code, and keeps the real terminal connected and its commands', async () => {
    const { port } = await startGateway();
    const real = await terminal(port, numbers[0]!);
    const code = await real.register();
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(await real.authenticate(code!)).toBe(true);

    const attacker = await terminal(port, numbers[0]!);
    expect(await attacker.registration()).toEqual({ result: RegisterResult.terminalAlreadyRegistered, authCode: null });
    expect(await attacker.authenticate('0'.repeat(32))).toBe(false);
    const received: string[] = [];
    attacker.onCommand = (m) => received.push(m.kind);
    // Positions and alarms from the attacker are refused and stored nowhere.
    expect(await attacker.report(locationFix({ time: T, lng: 120.1, lat: 30.2, speed: 0, direction: 0, acc: false, alarm: 1 << 8 }))).toBe(1);

    // A text for the real terminal goes to the real terminal only.
    const realGot: string[] = [];
    real.onCommand = (m) => realGot.push(m.kind);
    const sent = await api('operator1', '/api/device/eqCommand', { deviceNumber: numbers[0], command: 'text', text: '请联系贷款机构' });
    expect(sent.json().result.state).toBe('sent');
    await waitFor(() => realGot.length === 1);
    expect(realGot).toEqual(['text-message']);
    expect(received).toEqual([]);
    // The real terminal's connection is still the live one.
    expect(await real.report(fix())).toBe(0);
    const stored = await t.db.selectFrom('position as p').innerJoin('device as d', 'd.id', 'p.device_id').select('p.alarm_word').where('d.device_number', '=', numbers[0]!).execute();
    expect(stored).toEqual([{ alarm_word: 0 }]);
    real.close();
    attacker.close();
  });

  it('keeps only a SHA-256 of the auth code, and a reconnecting terminal with its code replaces its old connection', async () => {
    const { gateway, port } = await startGateway();
    const first = await terminal(port, numbers[1]!);
    const code = (await first.register())!;
    expect(await first.authenticate(code)).toBe(true);
    const row = await t.db.selectFrom('device').select(['auth_code_hash', 'registered_at']).where('device_number', '=', numbers[1]!).executeTakeFirstOrThrow();
    expect(row.auth_code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.auth_code_hash).not.toContain(code);
    expect(row.registered_at).toBeGreaterThan(0);

    const again = await terminal(port, numbers[1]!);
    expect(await again.authenticate(code)).toBe(true);
    await waitFor(() => first.report(fix()).then(() => false, () => true));
    expect(gateway.isOnline(numbers[1]!)).toBe(true);
    expect(await again.report(fix(120.16))).toBe(0);
    again.close();
  });

  it('after an administrator resets the registration, the connection holding it is closed and the terminal registers anew; the reset is audited', async () => {
    const { port } = await startGateway();
    const held = await terminal(port, numbers[2]!);
    const old = (await held.register())!;
    expect(await held.authenticate(old)).toBe(true);

    // Who may reset: not an operator, not another institution's manager.
    expect((await api('operator1', '/api/device/resetRegistration', { deviceNumber: numbers[2] })).statusCode).toBe(403);
    const foreign = await api('finance2', '/api/device/resetRegistration', { deviceNumber: numbers[2] });
    expect([foreign.statusCode, foreign.json().msg]).toEqual([404, `设备不存在：${numbers[2]}`]);
    expect((await api('finance1', '/api/device/resetRegistration', { deviceNumber: '' })).json().msg).toContain('请输入设备号');

    const res = await api('finance1', '/api/device/resetRegistration', { deviceNumber: numbers[2] });
    expect(res.json()).toMatchObject({ code: 200, msg: expect.stringMatching(/^已重置注册并断开终端连接，终端需在.+前重新注册$/), result: { deviceNumber: numbers[2], wasRegistered: true, disconnected: true } });
    await waitFor(() => held.heartbeat().then(() => false, () => true));

    const fresh = await terminal(port, numbers[2]!);
    expect(await fresh.authenticate(old)).toBe(false);
    const code = await fresh.register();
    expect(code).not.toBeNull();
    expect(await fresh.authenticate(code!)).toBe(true);
    fresh.close();

    const audit = await t.db.selectFrom('audit_log').select(['username', 'action', 'target']).where('target', '=', numbers[2]!).execute();
    expect(audit).toEqual([{ username: 'finance1', action: 'device.resetRegistration', target: numbers[2] }]);
  });

  it('a terminal that logs out (0x0003) gives up its registration and may register again', async () => {
    const { port } = await startGateway();
    const vt = await terminal(port, numbers[3]!);
    expect(await vt.authenticate((await vt.register())!)).toBe(true);
    vt.send({ kind: 'logout' });
    await waitFor(async () => (await t.db.selectFrom('device').select('registered_at').where('device_number', '=', numbers[3]!).executeTakeFirstOrThrow()).registered_at === null);
    const next = await terminal(port, numbers[3]!);
    expect(await next.register()).not.toBeNull();
    next.close();
  });

  it('throttles an address that keeps failing: its further connections are closed at once', async () => {
    const { gateway, port } = await startGateway({ addressMaxFailures: 3 });
    // Guessing: registered numbers refuse, unknown numbers refuse.
    const guesser = await terminal(port, '013900000001');
    expect(await guesser.register()).toBeNull();
    expect(await guesser.authenticate('guess-1')).toBe(false);
    expect(await guesser.authenticate('guess-2')).toBe(false);
    await waitFor(() => guesser.heartbeat().then(() => false, () => true));
    const next = net.connect({ host: '127.0.0.1', port });
    await closed(next);
    expect(gateway.stats.throttled).toBeGreaterThanOrEqual(1);
  });
});

describe('failures are counted per (address, device number) and, far higher, per address', () => {
  // Every terminal here connects from 127.0.0.1: the carrier NAT address many terminals share.
  let next = 0;
  /** A number no device has: a stranger's guess. */
  const unknownNumber = () => `0139${String(7_000_000 + next++).padStart(8, '0')}`;
  /** A registered terminal's number and its code, set in the database (registration itself is tested above). */
  async function registered(deviceNumber: string): Promise<string> {
    const code = `code-${deviceNumber}`;
    await t.db.updateTable('device').set({ auth_code_hash: hashAuthCode(code), registered_at: T }).where('device_number', '=', deviceNumber).execute();
    return code;
  }
  async function failOnce(port: number, deviceNumber: string): Promise<void> {
    const vt = await terminal(port, deviceNumber);
    expect(await vt.authenticate('not-the-code')).toBe(false);
    vt.close();
  }

  it('by default refuses a number after 10 failures from one address and the address after 300', () => {
    expect(DEFAULT_GATEWAY_LIMITS).toMatchObject({ deviceMaxFailures: 10, addressMaxFailures: 300, addressFailureWindowMs: 10 * 60_000 });
    expect(loadConfig({ DATA_DIR: '/tmp/cvrisk-unused' }).jt808Limits).toMatchObject({ deviceMaxFailures: 10, addressMaxFailures: 300 });
    expect(loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', JT808_DEVICE_MAX_FAILURES: '4' }).jt808Limits.deviceMaxFailures).toBe(4);
    expect(() => loadConfig({ DATA_DIR: '/tmp/cvrisk-unused', JT808_DEVICE_MAX_FAILURES: '0' })).toThrow(/JT808_DEVICE_MAX_FAILURES/);
  });

  it('lets a genuine terminal in while its NAT neighbours fail on many numbers, up to the address’s ceiling', async () => {
    const { gateway, port } = await startGateway();
    // Forty failing numbers behind the NAT: beyond the old per-address limit of 30, far below 300.
    for (let i = 0; i < 40; i++) await failOnce(port, unknownNumber());
    const code = await registered(numbers[11]!);
    const genuine = await terminal(port, numbers[11]!);
    expect(await genuine.authenticate(code)).toBe(true);
    expect(await genuine.report(fix())).toBe(0);
    expect(gateway.stats.throttled).toBe(0);
    genuine.close();
  });

  it('refuses a number that keeps failing from an address, unchecked and uncounted, while its neighbours carry on', async () => {
    const { gateway, port } = await startGateway({ deviceMaxFailures: 3, addressMaxFailures: 6 });
    const code = await registered(numbers[12]!);
    const lost = await terminal(port, numbers[12]!);
    expect(await lost.authenticate('an-old-code')).toBe(false);
    expect(await lost.authenticate('an-older-code')).toBe(false);
    expect(await lost.authenticate('the-oldest-code')).toBe(false);
    // The third failure used up the number's allowance here: its connection is closed.
    await waitFor(() => !lost.connected);
    // Further tries on it, the right code included, are refused without being checked, and cost the address nothing.
    for (let i = 0; i < 5; i++) {
      const again = await terminal(port, numbers[12]!);
      await expect(again.authenticate(code)).rejects.toThrow(/closed/);
    }
    expect(gateway.stats.throttledAttempts).toBe(5);
    expect(gateway.isOnline(numbers[12]!)).toBe(false);
    // Three failures from the address so far, of six: a neighbour still gets in.
    const neighbourCode = await registered(numbers[13]!);
    const neighbour = await terminal(port, numbers[13]!);
    expect(await neighbour.authenticate(neighbourCode)).toBe(true);
    expect(gateway.stats.throttled).toBe(0);
    neighbour.close();
  });

  it('refuses the address once a stranger cycling through numbers reaches its ceiling, whatever each number’s count', async () => {
    const { gateway, port } = await startGateway({ deviceMaxFailures: 3, addressMaxFailures: 6 });
    const code = await registered(numbers[14]!);
    for (let i = 0; i < 6; i++) await failOnce(port, unknownNumber());
    const next = net.connect({ host: '127.0.0.1', port }).on('error', () => {});
    await closed(next);
    expect(gateway.stats.throttled).toBe(1);
    // Behind that address, a genuine terminal waits out the window too: the price of a shared address, hence the high default.
    await expect(terminal(port, numbers[14]!).then((vt) => vt.authenticate(code))).rejects.toThrow();
  });

  it('forgives a number its failures from an address once the terminal has authenticated there', async () => {
    const { port } = await startGateway({ deviceMaxFailures: 2, addressMaxFailures: 100 });
    const code = await registered(numbers[15]!);
    await failOnce(port, numbers[15]!);
    const vt = await terminal(port, numbers[15]!);
    expect(await vt.authenticate(code)).toBe(true);
    vt.close();
    // Had the failure still counted, this one would have been its second, and the right code after it refused.
    await failOnce(port, numbers[15]!);
    const back = await terminal(port, numbers[15]!);
    expect(await back.authenticate(code)).toBe(true);
    back.close();
  });
});

describe('before authentication, a connection costs the server almost nothing', () => {
  /** All sub-packages of a long 0x0704 but its last: a message that is never complete. */
  function withheldFragments(phone: string, parts: number): Buffer {
    const encoded = packFrames({ version: 2013, phone, serial: 1, protocolVersion: 1 }, MessageId.locationBatch, Buffer.alloc(parts * 1000, 1), 1000);
    return Buffer.concat(new FrameSplitter().push(encoded.bytes).slice(0, -1));
  }

  it('drops sub-packages sent before authentication unread, and closes the connections that send them', async () => {
    const { gateway, port } = await startGateway();
    const sockets = await Promise.all(
      Array.from({ length: 100 }, () => new Promise<net.Socket>((resolve) => {
        const s = net.connect({ host: '127.0.0.1', port }, () => resolve(s));
        s.on('error', () => {});
      })),
    );
    for (const s of sockets) s.write(withheldFragments(numbers[4]!.padStart(12, '0'), 301));
    await Promise.all(sockets.map(closed));
    await waitFor(() => gateway.stats.connections === 0);
    expect(gateway.reassemblyBytes()).toBe(0);
    // Each connection was refused for what it sent before it was closed.
    expect(gateway.stats.refusedUnauthenticated).toBeGreaterThanOrEqual(100);
  });

  it('closes a connection that does not authenticate in time', async () => {
    const { gateway, port } = await startGateway({ authTimeoutMs: 200 });
    const vt = await terminal(port, numbers[5]!);
    expect(await vt.heartbeat()).toBe(1);
    await waitFor(() => gateway.stats.closedUnauthenticated === 1);
    // The socket's close event, which takes it off the count, follows the decision to close it.
    await waitFor(() => gateway.stats.connections === 0);
  });

  it('holds at most the configured connections', async () => {
    const { gateway, port } = await startGateway({ maxConnections: 3 });
    const sockets = Array.from({ length: 5 }, () => net.connect({ host: '127.0.0.1', port }).on('error', () => {}));
    await waitFor(() => gateway.stats.overCapacity === 2);
    expect(gateway.stats.connections).toBe(3);
    for (const s of sockets) s.destroy();
  });

  it('bounds reassembly per authenticated connection and across all of them', async () => {
    const { gateway, port } = await startGateway({ reassemblyBytesPerConnection: 20_000, reassemblyBytesTotal: 30_000 });
    const terminals = await Promise.all(numbers.slice(6, 9).map((n) => terminal(port, n)));
    for (const vt of terminals) expect(await vt.authenticate((await vt.register())!)).toBe(true);
    const raw = (vt: VirtualTerminal) => (vt as unknown as { socket: net.Socket }).socket;
    for (const [i, vt] of terminals.entries()) raw(vt).write(withheldFragments(numbers[6 + i]!.padStart(12, '0'), 60));
    // Each terminal is still served, and what is held stays within both bounds.
    for (const vt of terminals) expect(await vt.heartbeat()).toBe(0);
    expect(gateway.reassemblyBytes()).toBeGreaterThan(0);
    expect(gateway.reassemblyBytes()).toBeLessThanOrEqual(30_000);
    for (const vt of terminals) vt.close();
    await waitFor(() => gateway.stats.connections === 0);
    expect(gateway.reassemblyBytes()).toBe(0);
  });
});

describe('invalid positions are answered as errors and counted on the device', () => {
  it('answers 2 (message error) to out-of-range coordinates, a bad date and a time 30 days ahead, stores none, and the device list shows the count', async () => {
    const { port } = await startGateway();
    const vt = await terminal(port, numbers[10]!);
    expect(await vt.authenticate((await vt.register())!)).toBe(true);
    expect(await vt.report(fix(120.1, 200))).toBe(2);
    expect(await vt.report(fix(999, 30))).toBe(2);
    expect(await vt.report(fix(120.1, 30.2, Date.now() + 30 * 86_400_000))).toBe(2);
    // Month 0x99: a BCD time no calendar has, patched into the body before framing.
    const body = encodeLocationReport({ kind: 'location', location: fix() });
    body[23] = 0x99;
    const badMonth = packFrames({ version: 2013, phone: numbers[10]!.padStart(12, '0'), serial: 900, protocolVersion: 1 }, MessageId.location, body);
    const answer = await vt.sendPrepared({ bytes: badMonth.bytes, serial: 900 });
    expect(answer).toMatchObject({ kind: 'platform-response', result: 2 });
    // A valid fix is still acknowledged.
    expect(await vt.report(fix())).toBe(0);
    vt.close();

    const list = (await api('admin', '/api/device/getDevList', { pageNumber: 1, pageSize: 10, deviceNumber: numbers[10] })).json().result.list;
    expect(list[0]).toMatchObject({ deviceNumber: numbers[10], invalidPositions: 4, lastInvalidReason: '定位时间无效' });
    expect(list[0].registeredAt).not.toBeNull();
    const stored = await t.db.selectFrom('position as p').innerJoin('device as d', 'd.id', 'p.device_id').select('p.lat').where('d.device_number', '=', numbers[10]!).execute();
    expect(stored).toEqual([{ lat: 30.28 }]);
  });
});
