import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountCalls, Codes, MenuCalls, SessionCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createTelemetry } from '../telemetry/telemetry.js';
import { openTestDatabase } from '../test/test-database.js';
import { setUpEmptyDatabase } from './first-start.js';
import { setUpPlatformIfEmpty } from './initial-admin.js';
import { initialPasswordFile } from './initial-password-file.js';
import { COMMAND_LINE_ACTOR, resetPasswordFromCommandLine } from './reset-password.js';

/**
 * A first start without the demo (issue 29): the platform administrator it creates, the one-time
 * password only its holder may use for one thing, and the command that recovers a lost one.
 */
let handle: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-first-start-'));
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_DATA: '0' });
  app = await buildApp({ db: handle.db, telemetry: createTelemetry(handle), config, logger: pino({ level: 'silent' }), loginSlowDownMs: 0 });
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const signIn = async (username: string, password: string) => (await app.inject({ method: 'POST', url: SessionCalls.login.path, payload: { username, password } })).json();
const call = (token: string, method: 'GET' | 'POST', url: string, payload: object = {}) =>
  app.inject({ method, url, headers: { accessToken: token }, ...(method === 'POST' ? { payload } : {}) });
const passwordIn = (text: string) => /^password: (\S+)$/m.exec(text)?.[1];

describe('the first start on an empty database', () => {
  let password = '';

  it('creates the platform, its roles and catalogue and one administrator, telling the password once, and never again', async () => {
    // Two processes starting together on the empty database (scale mode's API processes): one sets it up.
    const prints: string[][] = [[], []];
    const done = await Promise.all(prints.map((lines) => setUpPlatformIfEmpty(handle.db, dataDir, (l) => lines.push(l))));
    expect(done.filter(Boolean)).toHaveLength(1);
    const printed = prints[done.indexOf(true)]!;
    const file = initialPasswordFile(dataDir);
    password = passwordIn(fs.readFileSync(file, 'utf8'))!;
    expect(password).toMatch(/^(?=.*[a-zA-Z])(?=.*\d)[a-zA-Z\d]{12}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(printed.join('\n')).toContain(`password: ${password}`);

    const depts = await handle.db.selectFrom('dept').select(['kind', 'parent_id']).execute();
    expect(depts).toEqual([{ kind: 'platform', parent_id: null }]);
    expect((await handle.db.selectFrom('role').select('code').orderBy('id').execute()).map((r) => r.code))
      .toEqual(['platformAdmin', 'financeManager', 'financeOperator', 'dealerStaff', 'installer', 'recoveryAgent']);
    expect((await handle.db.selectFrom('install_product').select('id').execute()).length).toBeGreaterThan(0);
    expect(await handle.db.selectFrom('app_user').select(['username', 'must_change_password']).execute()).toEqual([{ username: 'admin', must_change_password: 1 }]);

    // A restart, or another process starting beside it: nobody is created or reset.
    const hash = () => handle.db.selectFrom('app_user').select('password_hash').executeTakeFirstOrThrow();
    const before = await hash();
    expect(await Promise.all([setUpEmptyDatabase(handle.db), setUpPlatformIfEmpty(handle.db, dataDir, () => {})])).toEqual([null, false]);
    expect(await hash()).toEqual(before);
  });

  it('opens nothing but the change, sign-out and the own profile until the administrator chose a password; then the file is gone', async () => {
    const login = await signIn('admin', password);
    expect(login.data.mustChangePassword).toBe(true);
    const token = login.data.accessToken as string;
    const refused = await call(token, 'POST', '/api/system/dept/list', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: Codes.NO_PERMISSION, msg: '请先修改密码：临时密码修改为您自己的密码后，才能进行其他操作' });
    expect((await call(token, 'GET', '/api/account/sessions')).statusCode).toBe(403);
    expect((await call(token, 'POST', SessionCalls.userInfo.path)).json().data.username).toBe('admin');
    expect((await call(token, 'POST', MenuCalls.navigate.path)).statusCode).toBe(200);

    expect((await call(token, 'POST', AccountCalls.changePassword.path, { oldPassword: password, newPassword: 'Platform2026x' })).json().code).toBe(200);
    expect(fs.existsSync(initialPasswordFile(dataDir))).toBe(false);
    expect((await call(token, 'POST', '/api/system/dept/list', {})).json().code).toBe(200);
  });

  it('recovers a lost administrator from the command line: a new one-time password, the old sessions ended, the lock cleared, audited', async () => {
    const old = (await signIn('admin', 'Platform2026x')).data.accessToken as string;
    await handle.db.insertInto('login_failure').values({ key: 'u:admin', at: Date.now() }).execute();
    const reset = await resetPasswordFromCommandLine(handle.db, 'admin');
    expect(reset.stillRefused).toEqual([]);
    expect((await call(old, 'POST', SessionCalls.userInfo.path)).statusCode).toBe(401);
    expect((await signIn('admin', 'Platform2026x')).code).not.toBe(200);
    const again = await signIn('admin', reset.password);
    expect(again.data.mustChangePassword).toBe(true);
    expect(await handle.db.selectFrom('login_failure').select('key').where('key', '=', 'u:admin').execute()).toEqual([]);
    expect(await handle.db.selectFrom('audit_log').select(['username', 'target']).where('action', '=', 'user.resetPassword').execute())
      .toEqual([{ username: COMMAND_LINE_ACTOR, target: 'admin' }]);
    await expect(resetPasswordFromCommandLine(handle.db, 'nobody')).rejects.toThrow('没有用户名为 nobody 的用户');
  });
});
