import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { DEMO_PASSWORD } from '../../demo/seed-demo.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Sign-in throttling replayed through the API: per account and per address apart, neither a lock
 * that outlives its window nor one an attacker can stretch, and the client address honest about
 * proxies. The per-address limit is lowered to 6 so the tests stay short.
 */
const ACCOUNT_LOCKED = { code: 429, msg: '该账号登录失败次数过多，请15分钟后再试' };
const ADDRESS_LOCKED = { code: 429, msg: '此网络地址登录失败次数过多，请15分钟后再试' };
const PER_ADDRESS = 6;
const MINUTE = 60_000;

let clock = Date.now();
const now = () => clock;

type From = { ip: string; forwardedFor?: string };
const signIn = (t: TestApp, username: string, password: string, from: From) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: from.ip,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
const fail = async (t: TestApp, username: string, from: From) => expect((await signIn(t, username, 'wrong-password', from)).statusCode).toBe(400);
const status = async (t: TestApp, username: string, from: From) => (await signIn(t, username, DEMO_PASSWORD, from)).statusCode;

describe('sign-in throttling', () => {
  let t: TestApp;
  let windowMs = 0;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS) }, undefined, { now });
    windowMs = t.config.loginWindowMs;
  });
  afterAll(() => t.close());

  it('lets an address that failed once on each of five accounts sign in to a sixth, and those accounts elsewhere', async () => {
    const office = { ip: '10.10.0.1' };
    for (const u of ['dealer3', 'dealer4', 'dealer5', 'dealer6', 'installer2']) await fail(t, u, office);
    expect(await status(t, 'finance2', office)).toBe(200);
    expect(await status(t, 'dealer3', office)).toBe(200);
    expect(await status(t, 'dealer4', { ip: '10.10.0.2' })).toBe(200);
  });

  it('locks an account after five failures, even for the right password, and lets its owner in once the window has passed', async () => {
    const from = { ip: '10.11.0.1' };
    for (let i = 0; i < 5; i++) await fail(t, 'dealer1', from);
    const locked = await signIn(t, 'dealer1', DEMO_PASSWORD, from);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(ACCOUNT_LOCKED);
    clock += windowMs + 1;
    expect(await status(t, 'dealer1', from)).toBe(200);
  });

  it('does not let attempts refused during a lock extend it', async () => {
    const from = { ip: '10.12.0.1' };
    const start = clock;
    for (let i = 0; i < 5; i++) await fail(t, 'dealer2', from);
    for (const minutes of [1, 5, 10, 14]) {
      clock = start + minutes * MINUTE;
      expect((await signIn(t, 'dealer2', 'wrong-again', from)).json()).toEqual(ACCOUNT_LOCKED);
      expect(await status(t, 'dealer2', from)).toBe(429);
    }
    clock = start + windowMs + 1;
    expect(await status(t, 'dealer2', from)).toBe(200);
  });

  it("does not shut the owner out from another address when one address caused the account's lock", async () => {
    const attacker = { ip: '10.13.0.66' };
    for (let i = 0; i < 5; i++) await fail(t, 'operator2', attacker);
    expect(await status(t, 'operator2', attacker)).toBe(429);
    expect(await status(t, 'operator2', { ip: '10.13.0.7' })).toBe(200);
    // The owner's success does not reopen the account to the attacker.
    expect(await status(t, 'operator2', attacker)).toBe(429);
  });

  it('gives every other address one failure at most on a locked account', async () => {
    for (let i = 0; i < 5; i++) await fail(t, 'finance1', { ip: `10.14.0.${i}` });
    const next = { ip: '10.14.1.1' };
    await fail(t, 'finance1', next);
    expect(await status(t, 'finance1', next)).toBe(429);
    expect(await status(t, 'finance1', { ip: '10.14.1.2' })).toBe(200);
  });

  it('counts parallel attempts, so firing them together does not buy more than five guesses', async () => {
    const from = { ip: '10.15.0.1' };
    const replies = await Promise.all(Array.from({ length: 12 }, () => signIn(t, 'dealer6', 'parallel-guess', from)));
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 400).every((c) => c === 429)).toBe(true);
    clock += windowMs + 1;
    expect(await status(t, 'dealer6', from)).toBe(200);
  });

  it('refuses an address with too many failures across accounts, with its own message, and no one else', async () => {
    const sprayer = { ip: '10.16.0.1' };
    for (let i = 0; i < PER_ADDRESS; i++) await fail(t, `sprayed${i}`, sprayer);
    const refused = await signIn(t, 'installer1', DEMO_PASSWORD, sprayer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(ADDRESS_LOCKED);
    expect(await status(t, 'installer1', { ip: '10.16.0.2' })).toBe(200);
    clock += windowMs + 1;
    expect(await status(t, 'installer1', sprayer)).toBe(200);
  });

  it('counts an IPv6 client by its /64, the block one subscriber holds, so rotating addresses within it gains nothing', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) await fail(t, `rotor${i}`, { ip: `2001:db8:0:7::${(i + 1).toString(16)}` });
    expect((await signIn(t, 'operator1', DEMO_PASSWORD, { ip: '2001:db8:0:7:ffff:1:2:3' })).json()).toEqual(ADDRESS_LOCKED);
    expect(await status(t, 'operator1', { ip: '2001:db8:0:8::1' })).toBe(200);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a forged one does not dodge the per-address limit', async () => {
    const direct = '10.17.0.1';
    for (let i = 0; i < PER_ADDRESS; i++) await fail(t, `forger${i}`, { ip: direct, forwardedFor: `203.0.113.${i}` });
    const res = await signIn(t, 'admin', DEMO_PASSWORD, { ip: direct, forwardedFor: '203.0.113.200' });
    expect(res.json()).toEqual(ADDRESS_LOCKED);
  });
});

describe('sign-in throttling behind a trusted proxy', () => {
  const proxy = '10.9.0.1';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS), TRUST_PROXY: proxy }, undefined, { now });
  });
  afterAll(() => t.close());

  it('counts two clients behind one proxy apart, by the address the proxy saw', async () => {
    const first = { ip: proxy, forwardedFor: '198.51.100.1' };
    for (let i = 0; i < PER_ADDRESS; i++) await fail(t, `spray${i}`, first);
    expect((await signIn(t, 'dealer1', DEMO_PASSWORD, first)).json()).toEqual(ADDRESS_LOCKED);
    expect(await status(t, 'dealer1', { ip: proxy, forwardedFor: '198.51.100.2' })).toBe(200);
    // A client that puts a forged address in front of the header is still counted by the address the proxy appended.
    expect(await status(t, 'dealer1', { ip: proxy, forwardedFor: '192.0.2.9, 198.51.100.1' })).toBe(429);
  });

  it('trusts the header only from the proxy: a client reaching the server directly is counted by its own address', async () => {
    const direct = '10.18.0.1';
    for (let i = 0; i < PER_ADDRESS; i++) await fail(t, `direct${i}`, { ip: direct, forwardedFor: `198.51.100.${50 + i}` });
    expect((await signIn(t, 'dealer2', DEMO_PASSWORD, { ip: direct, forwardedFor: '198.51.100.99' })).json()).toEqual(ADDRESS_LOCKED);
  });

  it('answers a flood of sign-ins from many addresses "busy" beyond the password checks it queues, and serves the owner after', async () => {
    const flood = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(t, `nobody${i}`, 'wrong-password', { ip: `10.30.${i >> 8}.${i & 255}` })),
    );
    const answers = flood.map((r) => `${r.statusCode} ${r.json().msg}`);
    expect(answers.filter((a) => a === '429 登录请求过多，请稍后再试').length).toBeGreaterThan(0);
    expect(answers.every((a) => a === '429 登录请求过多，请稍后再试' || a === '400 用户名或密码错误')).toBe(true);
    expect(await status(t, 'operator2', { ip: '10.31.0.1' })).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes proxy addresses and ranges, never a hop count, which cannot tell the proxy from a client', () => {
    const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('10.0.0.1, 172.16.0.0/12,::1,loopback')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'loopback']);
    for (const bad of ['1', 'true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1,,']) expect(() => trust(bad)).toThrow(/TRUST_PROXY/);
  });
});
