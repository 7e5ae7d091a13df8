import { AccountCalls, QuickSearchCalls, WarningFeedCalls, type SessionItem, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../api/token';
import { HeaderActions } from '../../app/layout/HeaderActions';
import { SessionContext } from '../../app/session/SessionContext';
import { SettingsProvider } from '../../app/settings/SettingsProvider';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';

const user: UserInfo = { userId: 9, username: 'operator2', realname: '吴海涛', avatar: '', permissions: ['warning:view'], deptId: 1, deptName: 'd', roleName: 'r' };
const session = { user, menu: { nodes: [], pages: [], denied: new Set<string>() } };

const SESSIONS: SessionItem[] = [
  { id: 'phone-1', createdAt: '2026-11-25 08:00:00', lastSeenAt: '2026-11-25 09:30:00', expiresAt: '2026-11-25 21:30:00', ip: '10.1.2.3', browser: 'Safari 17 · iOS', current: false },
  { id: 'desk-1', createdAt: '2026-11-26 09:00:00', lastSeenAt: '2026-11-26 10:00:00', expiresAt: '2026-11-26 22:00:00', ip: '10.1.2.4', browser: 'Chrome 120 · Windows', current: true },
];

function open() {
  setToken('t');
  let sessions = SESSIONS;
  const server = fakeServer([
    answer(WarningFeedCalls.count, { allCountStatus0: 0 }),
    answer(WarningFeedCalls.ticker, { list: [] }),
    answer(QuickSearchCalls.quick, { warnList: { list: [] }, devList: { list: [] } }),
    answer(AccountCalls.changePassword, null, { msg: '密码已修改，其他1个会话已退出登录' }),
    answer(AccountCalls.sessions, () => sessions),
    answer(
      AccountCalls.endSession,
      (input) => {
        sessions = sessions.filter((s) => s.id !== (input.body as { id: string }).id);
        return null;
      },
      { msg: '会话已结束' },
    ),
  ]);
  renderRoutes([{ path: '/', element: <SessionContext value={session}><SettingsProvider><HeaderActions /></SettingsProvider></SessionContext> }], '/');
  return server;
}

async function openMenuItem(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: '用户菜单' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: new RegExp(name) }));
  return screen.findByRole('dialog');
}

const fill = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('修改密码 from the user menu', () => {
  it('shows the policy\'s messages before sending anything', async () => {
    const server = open();
    const dialog = await openMenuItem('修改密码');
    fill(dialog, '当前密码', 'Demo@2026');
    const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: /确认修改/ }));

    fill(dialog, '新密码', 'abc12');
    submit();
    expect(await within(dialog).findByText('密码至少8位')).toBeTruthy();
    fill(dialog, '新密码', 'abcdefghij');
    expect(await within(dialog).findByText('密码须同时包含字母和数字')).toBeTruthy();
    fill(dialog, '新密码', 'Operator2');
    expect(await within(dialog).findByText('新密码不能与用户名相同')).toBeTruthy();
    fill(dialog, '新密码', 'Harbour2026');
    fill(dialog, '确认新密码', 'Harbour2027');
    submit();
    expect(await within(dialog).findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(server.sent(AccountCalls.changePassword)).toHaveLength(0);
  });

  it('sends the change and tells what the server did', async () => {
    const server = open();
    const dialog = await openMenuItem('修改密码');
    fill(dialog, '当前密码', 'Demo@2026');
    fill(dialog, '新密码', 'Harbour2026');
    fill(dialog, '确认新密码', 'Harbour2026');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认修改/ }));
    expect(await screen.findByText('密码已修改，其他1个会话已退出登录')).toBeTruthy();
    expect(server.sent(AccountCalls.changePassword).map((s) => s.body)).toEqual([{ oldPassword: 'Demo@2026', newPassword: 'Harbour2026' }]);
  });
});

describe('登录设备 from the user menu', () => {
  it('lists the sessions with the current one tagged first, and ends another after confirming', async () => {
    const server = open();
    const dialog = await openMenuItem('登录设备');
    const items = await waitFor(() => {
      const found = dialog.querySelectorAll('.ant-list-item');
      expect(found).toHaveLength(2);
      return [...found] as HTMLElement[];
    });
    expect(within(items[0]!).getByText('Chrome 120 · Windows')).toBeTruthy();
    expect(within(items[0]!).getByText('当前')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: /结\s*束/ })).toBeNull();
    expect(within(items[1]!).getByText('10.1.2.3')).toBeTruthy();

    fireEvent.click(within(items[1]!).getByRole('button', { name: /结\s*束/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('会话已结束')).toBeTruthy();
    expect(server.sent(AccountCalls.endSession).map((s) => s.body)).toEqual([{ id: 'phone-1' }]);
    await waitFor(() => expect(dialog.querySelectorAll('.ant-list-item')).toHaveLength(1));
    expect(await within(dialog).findByText('没有其他有效的登录')).toBeTruthy();
  });
});
