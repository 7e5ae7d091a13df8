import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../api/token';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { LoginPage } from './LoginPage';

const user = { username: 'finance1', realname: '王丽', avatar: '', permissions: ['device:view'], deptId: 2, deptName: '安达融资', roleName: '风控经理' };

function serve(loginReply: unknown, loginStatus = 200) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/publicKey') return jsonReply({ code: 200, msg: 'ok', data: { publicKey: '', encrypt: 'off', mockServer: false } });
    if (url === '/api/login') return jsonReply(loginReply, loginStatus);
    if (url === '/userInfo') return jsonReply({ code: 200, msg: 'ok', data: user });
    if (url === '/menu/navigate') return jsonReply({ code: 200, msg: 'ok', data: [] });
    return jsonReply({ code: 404, msg: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function signIn(username: string, password: string) {
  const u = userEvent.setup();
  await u.type(await screen.findByLabelText('用户名'), username);
  await u.type(screen.getByLabelText('密码'), password);
  await u.click(screen.getByRole('button', { name: /登\s*录/ }));
}

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/report/basicDevice', element: <p>device list</p> },
  { path: '/index', element: <p>home</p> },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T01:30:00Z')); // 09:30 in Shanghai
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('a reply without the token shows 登录接口异常，未正确返回accessToken and stores nothing', async () => {
    serve({ code: 200, msg: '登录成功', data: { entity: { realname: '王丽', avatar: '' } } });
    renderRoutes(routes, '/login');
    await signIn('finance1', 'Demo@2026');
    expect(await screen.findByText('登录接口异常，未正确返回accessToken')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('wrong credentials show the server message on the form', async () => {
    serve({ code: 400, msg: '用户名或密码错误' }, 400);
    renderRoutes(routes, '/login');
    await signIn('finance1', 'nope-nope');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '用户名或密码错误');
  });

  it('rejects a password shorter than 6 characters before calling the server', async () => {
    const fetchMock = serve({ code: 200, msg: 'ok', data: { accessToken: 't' } });
    renderRoutes(routes, '/login');
    await signIn('finance1', '12345');
    expect(await screen.findByText('密码不能少于6位')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the token, greets by the hour with the real name and returns to the redirect', async () => {
    serve({ code: 200, msg: '登录成功', data: { accessToken: 'tok-9', entity: { realname: '王丽', avatar: '' } } });
    const { router } = renderRoutes(routes, '/login?redirect=%2Freport%2FbasicDevice%3Fstate%3Doffline');
    await signIn('finance1', 'Demo@2026');
    expect(await screen.findByText('上午好，王丽')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/basicDevice'));
    expect(router.state.location.search).toBe('?state=offline');
    expect(getToken()).toBe('tok-9');
    expect(JSON.parse(localStorage.getItem('cvrisk.currentUser')!)).toMatchObject({ realname: '王丽' });
  });
});
