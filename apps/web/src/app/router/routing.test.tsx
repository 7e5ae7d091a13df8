import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../api/token';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { SettingsProvider } from '../settings/SettingsProvider';
import { routes } from './router';

const menu = [
  {
    path: '/',
    component: 'Layout',
    redirect: '/index',
    meta: { title: '首页', titleEn: 'Home', icon: 'HomeOutlined' },
    children: [{ path: 'index', name: 'Index', component: 'index', meta: { title: '首页', titleEn: 'Home', affix: true } }],
  },
  { path: '/dashboard', name: 'Dashboard', component: 'dashboard', hidden: true, meta: { title: '数据大屏', titleEn: 'Data board' } },
  {
    path: '/report',
    component: 'Layout',
    redirect: '/report/basicDevice',
    meta: { title: '报表中心', titleEn: 'Reports' },
    children: [{ path: 'basicDevice', name: 'BasicDevice', component: 'basicDevice', meta: { title: '设备基础信息', titleEn: 'Device list', permissions: ['device:view'] } }],
  },
];

function serve(permissions: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/publicKey') return jsonReply({ code: 200, msg: 'ok', data: { publicKey: '', encrypt: 'off', mockServer: false } });
      if (url === '/userInfo') return jsonReply({ code: 200, msg: 'ok', data: { username: 'u', realname: '赵敏', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'r' } });
      if (url === '/menu/navigate') return jsonReply({ code: 200, msg: 'ok', data: menu });
      // Pages ask for their data; an empty success is enough to render them.
      return jsonReply({ code: 200, msg: 'ok', result: { list: [], count: 0 } });
    }),
  );
}

const open = (entry: string) => renderRoutes(routes, entry, (node) => <SettingsProvider>{node}</SettingsProvider>);

afterEach(() => vi.unstubAllGlobals());

describe('routing', () => {
  it('sends a signed-out visitor to login with the path to come back to', async () => {
    const { router } = open('/report/basicDevice?state=offline');
    // The login route loads lazily; the location changes once its code has arrived.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?redirect=%2Freport%2FbasicDevice%3Fstate%3Doffline');
  });

  it('shows a signed-out visitor of /register that accounts come from the administrator, and leads back to sign-in', async () => {
    serve([]);
    const { router } = open('/register');
    expect(await screen.findByText('账号由管理员创建', undefined, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
    fireEvent.click(screen.getByRole('button', { name: '返回登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(await screen.findByText('账号登录', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('redirects / to /index and shows the shell with the user and the affix home tab', async () => {
    setToken('t');
    serve(['device:view']);
    const { router } = open('/');
    // The guard loads lazily like the login page; the location changes once its code has arrived.
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'), { timeout: 5000 });
    expect(await screen.findByText('赵敏')).toBeTruthy();
    expect(await screen.findByText('报表中心')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 车联网风控平台'));
  });

  it('opens the data board full-screen, without the shell', async () => {
    setToken('t');
    serve([]);
    const { router } = open('/dashboard');
    expect(await screen.findByRole('heading', { name: '车联网风控平台数据大屏' }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByText('赵敏')).toBeNull();
    expect(document.querySelector('.shell-header')).toBeNull();
  });

  it('answers 404 for a path outside the menu', async () => {
    setToken('t');
    serve(['device:view']);
    const { router } = open('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'), { timeout: 5000 });
  });

  it('answers 401 for a known page the user may not open', async () => {
    setToken('t');
    serve(['order:dispatch']);
    const { router } = open('/report/basicDevice');
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'), { timeout: 5000 });
  });
});
