import { CatalogCalls, CLIENT_HEADERS, DeviceCalls, MenuCalls, SessionCalls, TOKEN_NAME } from '@cvrisk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './envelope';
import { setApiHooks } from './hooks';
import { call } from './call';
import { download, request } from './http';
import { getToken, setToken } from './token';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const hooks = { toast: vi.fn(), relogin: vi.fn(), forbidden: vi.fn() };
let fetchMock: ReturnType<typeof vi.fn>;

/** Encryption is off on this server; every body call first asks /publicKey. */
function route(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  fetchMock.mockImplementation(async (url: string, init: RequestInit) =>
    url === '/publicKey' ? json({ code: 200, msg: 'ok', data: { publicKey: '', encrypt: 'off', mockServer: false } }) : handler(url, init),
  );
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  Object.values(hooks).forEach((h) => h.mockReset());
  setApiHooks(hooks);
});
afterEach(() => vi.unstubAllGlobals());

describe('http client', () => {
  it('sends the token, the client headers and a JSON body', async () => {
    setToken('tok-1');
    route(() => json({ code: 0, msg: 'ok', result: { list: [], count: 0 } }));
    await call(DeviceCalls.list, { body: { pageNumber: 1, pageSize: 10, deviceNumber: '' } });
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/device/getDevList')!;
    expect(url).toBe('/api/device/getDevList');
    const headers = init.headers as Record<string, string>;
    expect(headers[TOKEN_NAME]).toBe('tok-1');
    expect(headers['Content-Type']).toContain('application/json');
    for (const [k, v] of Object.entries(CLIENT_HEADERS)) expect(headers[k]).toBe(v);
    expect(JSON.parse(init.body as string)).toEqual({ pageNumber: 1, pageSize: 10, deviceNumber: '' });
  });

  it('puts GET parameters in the query string, leaving empty ones out', async () => {
    route(() => json({ code: 200, msg: 'ok', result: [] }));
    await call(CatalogCalls.brands, { query: { pageSize: 1000, pageNumber: 1, brandName: '' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/carBrand/getList?pageSize=1000&pageNumber=1');
    expect(fetchMock.mock.calls[0]![1].body).toBeUndefined();
  });

  it('serialises form bodies', async () => {
    route(() => json({ code: 200, msg: 'ok', data: null }));
    await request('/pd/quickDispatch', { method: 'POST', form: { realName: '王五', orderType: 1 } });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(init.body).toBe('realName=%E7%8E%8B%E4%BA%94&orderType=1');
  });

  it('returns data for session calls', async () => {
    route(() => json({ code: 200, msg: 'ok', data: { username: 'admin' } }));
    await expect(call(SessionCalls.userInfo, { body: { token: 't' } })).resolves.toEqual({ username: 'admin' });
    expect(hooks.toast).not.toHaveBeenCalled();
  });

  it('5003: toasts through relogin and drops the token', async () => {
    setToken('expired');
    route(() => json({ code: 5003, msg: '登录已过期，请重新登录' }, 401));
    await expect(call(MenuCalls.navigate)).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(hooks.relogin).toHaveBeenCalledWith('登录已过期，请重新登录');
    expect(hooks.toast).not.toHaveBeenCalled();
  });

  it('401: sends to the no-permission page without dropping the token', async () => {
    setToken('ok');
    route(() => json({ code: 401, msg: '没有权限' }, 403));
    await expect(call(DeviceCalls.list, { body: {} })).rejects.toMatchObject({ code: 401 });
    expect(hooks.forbidden).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('ok');
  });

  it('other codes toast the message or the fallback', async () => {
    route(() => json({ code: 409, msg: '该预警已被他人处理' }, 409));
    await expect(request('/x', { method: 'PUT', data: {} })).rejects.toThrow('该预警已被他人处理');
    route(() => new Response('Bad gateway', { status: 502 }));
    await expect(request('/x')).rejects.toThrow('后端接口502异常');
    expect(hooks.toast.mock.calls).toEqual([['该预警已被他人处理'], ['后端接口502异常']]);
  });

  it('silent calls throw without toasting', async () => {
    route(() => json({ code: 400, msg: '用户名或密码错误' }, 400));
    await expect(call(SessionCalls.login, { body: { username: 'u', password: 'p' } }, { silent: true })).rejects.toThrow('用户名或密码错误');
    expect(hooks.toast).not.toHaveBeenCalled();
  });

  it('network failure → 网络连接异常', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/api/logout')).rejects.toThrow('网络连接异常');
    expect(hooks.toast).toHaveBeenCalledWith('网络连接异常');
  });

  it('time-out → 请求超时', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    await expect(request('/api/indexMonitoring/carCount', { timeout: 20 })).rejects.toThrow('请求超时');
    expect(hooks.toast).toHaveBeenCalledWith('请求超时');
  });

  it('a caller cancelling (page left) stays quiet', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const caller = new AbortController();
    const pending = request('/api/indexMonitoring/carCount', { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ failure: { kind: 'cancelled' } });
    expect(hooks.toast).not.toHaveBeenCalled();
  });

  it('downloads a file under the server name and reports progress', async () => {
    route(
      () =>
        new Response(new Uint8Array([1, 2, 3, 4]), {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': "attachment; filename=\"devices.xlsx\"; filename*=UTF-8''%E8%AE%BE%E5%A4%87.xlsx",
          },
        }),
    );
    const progress = vi.fn();
    const file = await download('/api/device/downloadListFromMiddle', { data: {}, fallbackName: 'x.xlsx', onProgress: progress });
    expect(file.fileName).toBe('设备.xlsx');
    expect(file.blob.size).toBe(4);
    expect(progress).toHaveBeenLastCalledWith(4, null);
  });

  it('a download answered with an error envelope toasts its message', async () => {
    route(() => json({ code: 401, msg: '没有导出权限' }, 403));
    await expect(download('/api/car/download', { data: {}, fallbackName: 'x.xlsx' })).rejects.toMatchObject({ code: 401 });
    expect(hooks.forbidden).toHaveBeenCalled();
  });
});
