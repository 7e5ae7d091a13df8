import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { createTerminalDirectory } from '../telemetry/gateway/terminal-directory.js';
import { RegisterResult } from '../telemetry/jt808/message-ids.js';
import { AUTH_CODES_FILE } from '../telemetry/simulator/auth-codes.js';
import { openTestDatabase } from '../test/test-database.js';
import { registerFittedDemoDevices } from './demo-terminals.js';
import { seedDemo } from './seed-demo.js';

/** Issue 30: the demo's fitted terminals are registered with codes of their own, and nobody else can claim one. */
let handle: DatabaseHandle;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-demo-terminals-'));
beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemo(handle.db);
});
afterAll(async () => {
  await handle?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo fleet\'s fitted terminals', () => {
  it('are registered with their own codes, kept for the simulator; a stranger with a number gets nothing; stock keeps its window', async () => {
    const fitted = await handle.db.selectFrom('device').select('device_number').where('car_id', 'is not', null).orderBy('id').execute();
    expect(await registerFittedDemoDevices(handle.db, dataDir, Date.now())).toBe(fitted.length);
    const file = path.join(dataDir, AUTH_CODES_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const codes = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(codes).sort()).toEqual(fitted.map((d) => d.device_number).sort());

    const directory = createTerminalDirectory(handle.db, { autoRegister: false, registerWindowMs: 3_600_000 });
    const number = fitted[0]!.device_number;
    expect(await directory.authenticate(number, codes[number]!)).toMatchObject({ number });
    expect(await directory.register({ number, model: 'GT06N', terminalId: number.slice(-7) })).toEqual({ result: RegisterResult.terminalAlreadyRegistered });
    expect(await handle.db.selectFrom('device').select('id').where('car_id', 'is not', null).where('register_open_until', 'is not', null).execute()).toEqual([]);
    expect((await handle.db.selectFrom('device').select('id').where('car_id', 'is', null).where('register_open_until', 'is not', null).execute()).length).toBeGreaterThan(0);
  });
});
