import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../api/token';
import { routes } from '../../app/router/router';
import { SettingsProvider } from '../../app/settings/SettingsProvider';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';

const menu = [
  {
    path: '/',
    component: 'Layout',
    redirect: '/index',
    meta: { title: '首页', titleEn: 'Home', icon: 'HomeOutlined' },
    children: [{ path: 'index', name: 'Index', component: 'index', meta: { title: '首页', titleEn: 'Home', affix: true } }],
  },
];

/** A server whose user must change the password until they do. */
function serve() {
  let mustChange = true;
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/publicKey') return jsonReply({ code: 200, msg: 'ok', data: { publicKey: '', encrypt: 'off', mockServer: false } });
    if (url === '/userInfo') {
      const data = { userId: 9, username: 'desk09', realname: '孙丽', avatar: '', permissions: [], deptId: 3, deptName: 'd', roleName: 'r', mustChangePassword: mustChange };
      return jsonReply({ code: 200, msg: 'ok', data });
    }
    if (url === '/menu/navigate') return jsonReply({ code: 200, msg: 'ok', data: menu });
    if (url === '/api/account/changePassword') {
      mustChange = false;
      return jsonReply({ code: 200, msg: '密码已修改', result: null });
    }
    return jsonReply({ code: 200, msg: 'ok', result: { list: [], count: 0 } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('a first sign-in with an administrator\'s password', () => {
  it('shows only the change-password dialog, which cannot be dismissed, and opens the console once changed', async () => {
    setToken('t');
    const fetchMock = serve();
    renderRoutes(routes, '/index', (node) => <SettingsProvider>{node}</SettingsProvider>);
    const dialog = await screen.findByRole('dialog', { name: '请先修改初始密码' }, { timeout: 5000 });
    expect(screen.queryByText('孙丽')).toBeNull();
    expect(dialog.querySelector('.ant-modal-close')).toBeNull();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'k7Hq2mWx9PzA' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'MyOwn2026x' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'MyOwn2026x' } });
    fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));
    expect(await screen.findByText('孙丽', undefined, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '请先修改初始密码' })).toBeNull());
    expect(fetchMock.mock.calls.filter(([url]) => url === '/userInfo').length).toBeGreaterThanOrEqual(2);
  });
});
