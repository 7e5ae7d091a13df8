import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { createJt808Gateway, type Jt808Gateway } from '../telemetry/gateway/gateway.js';
import { RegisterResult } from '../telemetry/jt808/message-ids.js';
import { AUTH_CODES_FILE, authCodeFile } from '../telemetry/simulator/auth-codes.js';
import { signIn } from '../telemetry/simulator/device-link.js';
import { VirtualTerminal } from '../telemetry/simulator/virtual-terminal.js';
import { createTelemetry } from '../telemetry/telemetry.js';
import { openTestDatabase } from '../test/test-database.js';
import { reopenSeedWindows, SEED_NOW } from '../test/test-app.js';
import { registerFittedDemoDevices } from './demo-terminals.js';
import { seedDemo } from './seed-demo.js';

/**
 * Issue 30: the demo's first start registers every fitted terminal with a code of its own, kept where
 * the simulator keeps its codes; the number alone then registers nothing, so nobody can claim one.
 */
let handle: DatabaseHandle;
let gateway: Jt808Gateway;
let port: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-demo-terminals-'));
const file = path.join(dataDir, AUTH_CODES_FILE);
const terminals: VirtualTerminal[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemo(handle.db, { now: SEED_NOW });
  // As on a first start: the windows the seed opened for fitted and stock devices are open now.
  await reopenSeedWindows(handle.db);
  const telemetry = createTelemetry(handle);
  gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: handle.db, sqlite: handle.sqlite, pipeline: telemetry.pipeline, commands: telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log: { info() {}, warn() {} } });
  port = await gateway.listen();
  telemetry.channel = gateway.channel;
});
afterAll(async () => {
  for (const vt of terminals) vt.close();
  await gateway?.close();
  await handle?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function terminal(deviceNumber: string): Promise<VirtualTerminal> {
  const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber, version: deviceNumber.length > 12 ? 2019 : 2013, model: 'GT06N', replyTimeoutMs: 5000 });
  terminals.push(vt);
  await vt.connect();
  return vt;
}

const openWindows = (fitted: boolean) =>
  handle.db.selectFrom('device').select('id').where('car_id', fitted ? 'is not' : 'is', null).where('register_open_until', 'is not', null).execute();

describe('the demo fleet\'s fitted terminals', () => {
  it('are registered on the first start with codes kept for the simulator: a stranger with a number is refused, the simulator signs in', async () => {
    const fitted = await handle.db.selectFrom('device').select('device_number').where('car_id', 'is not', null).where('retired_at', 'is', null).orderBy('id').execute();
    expect(await registerFittedDemoDevices(handle.db, dataDir, Date.now())).toBe(fitted.length);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const codes = authCodeFile(file);
    expect(fitted.filter((d) => !codes.get(d.device_number))).toEqual([]);
    expect(await openWindows(true)).toEqual([]);
    expect((await openWindows(false)).length).toBeGreaterThan(0);

    // A stranger who knows the number: the device is registered, the claim refused and counted.
    const number = fitted[0]!.device_number;
    expect(await (await terminal(number)).registration()).toEqual({ result: RegisterResult.terminalAlreadyRegistered, authCode: null });
    expect(await handle.db.selectFrom('device').select(['register_refusals', 'last_register_refused_reason']).where('device_number', '=', number).executeTakeFirstOrThrow())
      .toEqual({ register_refusals: 1, last_register_refused_reason: '终端已注册' });

    // The simulator's terminal, with the code from the file, signs in without registering.
    const simulated = await terminal(number);
    await signIn(simulated, { get: (n) => codes.get(n), set: () => expect.unreachable('the simulator registered again') });
    expect(await simulated.heartbeat()).toBe(0);
    expect(gateway.isOnline(number)).toBe(true);
  });

  it('are not registered again by a later call: the codes stay what the simulator holds', async () => {
    const before = fs.readFileSync(file, 'utf8');
    expect(await registerFittedDemoDevices(handle.db, dataDir, Date.now())).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });
});
