import { describe, expect, it } from 'vitest';
import { makeTranslate } from '../lib/i18n/translate';
import { outcomeOf, readReply, type Failure } from './envelope';

const zh = makeTranslate('zh');
const en = makeTranslate('en');

describe('readReply', () => {
  it('accepts code 200 and code 0 as success', () => {
    expect(readReply(200, { code: 200, msg: 'ok', data: 1 })).toEqual({ ok: true, body: { code: 200, msg: 'ok', data: 1 } });
    expect(readReply(200, { code: 0, result: [] })).toMatchObject({ ok: true });
  });

  it('turns any other code into a failure carrying the message', () => {
    expect(readReply(200, { code: 409, msg: '该预警已被处理' })).toEqual({
      ok: false,
      failure: { kind: 'code', code: 409, msg: '该预警已被处理' },
    });
    expect(readReply(400, { code: 400, msg: '   ' })).toEqual({ ok: false, failure: { kind: 'code', code: 400, msg: null } });
  });

  it('judges an HTTP error body by its envelope code, not its status', () => {
    expect(readReply(401, { code: 5003, msg: '登录已过期' })).toMatchObject({ failure: { code: 5003 } });
    expect(readReply(403, { code: 401, msg: '无权限' })).toMatchObject({ failure: { code: 401 } });
  });

  it('falls back to the HTTP status when an error has no envelope', () => {
    expect(readReply(502, null)).toEqual({ ok: false, failure: { kind: 'code', code: 502, msg: null } });
    expect(readReply(404, '<html>')).toEqual({ ok: false, failure: { kind: 'code', code: 404, msg: null } });
  });

  it('treats a 2xx reply without an envelope as unknown', () => {
    expect(readReply(200, '<html>')).toEqual({ ok: false, failure: { kind: 'unknown' } });
  });
});

describe('outcomeOf', () => {
  const code = (c: number, msg: string | null = null): Failure => ({ kind: 'code', code: c, msg });

  it('sends 5003 back to login with the server message or the fallback', () => {
    expect(outcomeOf(code(5003, '登录已过期，请重新登录'), zh)).toEqual({ action: 'relogin', message: '登录已过期，请重新登录' });
    expect(outcomeOf(code(5003), zh)).toEqual({ action: 'relogin', message: '后端接口5003异常' });
  });

  it('sends 401 to the no-permission page', () => {
    expect(outcomeOf(code(401, '没有权限'), zh).action).toBe('forbidden');
  });

  it('toasts other codes with the message, else 后端接口{code}异常', () => {
    expect(outcomeOf(code(400, '用户名或密码错误'), zh)).toEqual({ action: 'toast', message: '用户名或密码错误' });
    expect(outcomeOf(code(500), zh)).toEqual({ action: 'toast', message: '后端接口500异常' });
    expect(outcomeOf(code(500), en)).toEqual({ action: 'toast', message: 'Backend interface 500 error' });
  });

  it('names network errors, time-outs and anything else', () => {
    expect(outcomeOf({ kind: 'network' }, zh)).toEqual({ action: 'toast', message: '网络连接异常' });
    expect(outcomeOf({ kind: 'timeout' }, zh)).toEqual({ action: 'toast', message: '请求超时' });
    expect(outcomeOf({ kind: 'unknown' }, zh)).toEqual({ action: 'toast', message: '未知异常' });
    expect(outcomeOf({ kind: 'cancelled' }, zh).action).toBe('none');
  });
});
