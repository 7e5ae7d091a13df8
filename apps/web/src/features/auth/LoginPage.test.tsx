import { HomeCalls, MenuCalls, SessionCalls, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../api/token';
import { answer, fakeServer } from '../../test/fakeServer';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { LoginPage } from './LoginPage';

const user: UserInfo = { userId: 2, username: 'finance1', realname: '王丽', avatar: '', permissions: ['device:view'], deptId: 2, deptName: '安达融资', roleName: '风控经理' };

/** The login reply is given whole (envelope and status): these tests are about the replies that go wrong. */
function serve(loginReply: unknown, loginStatus = 200) {
  return fakeServer([
    answer(SessionCalls.login, () => jsonReply(loginReply, loginStatus)),
    answer(SessionCalls.userInfo, user),
    answer(MenuCalls.navigate, []),
  ]).fetchMock;
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

  it("a refused sign-in (429) shows the server's wait message on the form, which stays usable", async () => {
    serve({ code: 429, msg: '此网络地址登录失败次数过多，请15分钟后再试' }, 429);
    renderRoutes(routes, '/login');
    await signIn('finance1', 'Demo@2026');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '此网络地址登录失败次数过多，请15分钟后再试');
    expect(screen.getByRole('button', { name: /登\s*录/ })).toHaveProperty('disabled', false);
    expect(getToken()).toBeNull();
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

  it("asks for the home's figures the user may see as soon as the session is known, before the home page's code", async () => {
    const { sent } = fakeServer([
      answer(SessionCalls.login, () => jsonReply({ code: 200, msg: '登录成功', data: { accessToken: 'tok-7', entity: { realname: '王丽', avatar: '' } } })),
      answer(SessionCalls.userInfo, user),
      answer(MenuCalls.navigate, []),
      answer(HomeCalls.deviceOnline, { total: 1, online: 1, offline: 0, never: 0, wired: 1, wireless: 0 }),
      answer(HomeCalls.carCount, { count: 1 }),
    ]);
    // /index here is a stub without any query: whatever the home asks for went out with the sign-in.
    const { router } = renderRoutes(routes, '/login');
    await signIn('finance1', 'Demo@2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    await waitFor(() => expect(sent(HomeCalls.deviceOnline)).toHaveLength(1));
    expect(sent(HomeCalls.carCount)).toHaveLength(1);
    // Figures this user may not see are not asked for (the call would only answer "no permission").
    expect(sent(HomeCalls.warningCount)).toHaveLength(0);
    expect(sent(HomeCalls.customerCount)).toHaveLength(0);
  });

  it('asks for no home figure when signing in to another page', async () => {
    const { sent } = fakeServer([
      answer(SessionCalls.login, () => jsonReply({ code: 200, msg: '登录成功', data: { accessToken: 'tok-8', entity: { realname: '王丽', avatar: '' } } })),
      answer(SessionCalls.userInfo, user),
      answer(MenuCalls.navigate, []),
    ]);
    const { router } = renderRoutes(routes, '/login?redirect=%2Freport%2FbasicDevice');
    await signIn('finance1', 'Demo@2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/basicDevice'));
    expect(sent(HomeCalls.deviceOnline)).toHaveLength(0);
  });
});
