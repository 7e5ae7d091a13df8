import { DeptCalls, RoleCalls, UserCalls, type RoleItem, type UserInfo, type UserItem } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { RoleEditorDialog } from '../roles/RoleEditorDialog';
import { UserManagementPage } from './UserManagementPage';

const PASSWORD = 'k7Hq2mWx9PzA';
const base: UserItem = {
  id: 5, username: 'desk01', realname: '王敏', phone: '13800001111', deptId: 3, deptName: '杭州店', roleId: 7, roleName: '值班',
  state: 'enabled', mustChangePassword: false, lastLoginTime: null, createTime: '2026-11-20 10:00:00', manageable: true, self: false,
};
const locked: UserItem = { ...base, id: 6, username: 'desk02', realname: '李强', state: 'locked', mustChangePassword: true, lastLoginTime: '2026-11-26 09:00:00' };
const above: UserItem = { ...base, id: 7, username: 'boss01', realname: '赵总', roleName: '风控经理', manageable: false };
const role: RoleItem = {
  id: 7, name: '值班', nameEn: 'Desk', permissions: ['warning:view'], deptId: 2, deptName: '一号机构', userCount: 2, editable: true, assignable: true, mine: false,
  deptKinds: ['platform', 'finance', 'dealer'],
};
const fitter: RoleItem = { ...role, id: 8, name: '安装师傅', permissions: ['order:install'], deptKinds: ['installer'] };
const tree = [{
  id: 2, parentId: 1, name: '一号机构', kind: 'finance' as const, city: null, disabled: false,
  children: [{ id: 4, parentId: 2, name: '一号安装公司', kind: 'installer' as const, city: null, disabled: false, children: [] }],
}];
const user: UserInfo = { userId: 1, username: 'admin1', realname: '管理员', avatar: '', permissions: ['user:admin', 'warning:view'], deptId: 2, deptName: '一号机构', roleName: 'x' };
const menu: Menu = { nodes: [], pages: [], denied: new Set() };

function open() {
  const server = fakeServer([
    answer(UserCalls.list, { list: [base, locked, above], count: 3 }),
    answer(RoleCalls.list, [role, fitter]),
    answer(DeptCalls.tree, tree),
    answer(UserCalls.create, { user: { ...base, id: 9, username: 'desk09' }, password: PASSWORD }, { msg: '用户已创建' }),
    answer(UserCalls.unlock, { ...locked, state: 'enabled' }, { msg: '账号已解锁' }),
  ]);
  renderRoutes([{ path: '/system/userManagement', element: <SessionContext value={{ user, menu }}><UserManagementPage /></SessionContext> }], '/system/userManagement');
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('UserManagementPage', () => {
  it('shows each user\'s state, a pending password change, and no actions on a user holding more', async () => {
    open();
    const lockedRow = (await screen.findByText('desk02')).closest('tr')!;
    expect(within(lockedRow).getByText('已锁定')).toBeTruthy();
    expect(within(lockedRow).getByText('待改密')).toBeTruthy();
    expect(within(screen.getByText('desk01').closest('tr')!).getByText('从未登录')).toBeTruthy();
    const aboveRow = screen.getByText('boss01').closest('tr')!;
    expect(within(aboveRow).getByText('编辑').closest('button')!.hasAttribute('disabled')).toBe(true);
    expect(within(aboveRow).getByText(/更多/).closest('button')!.hasAttribute('disabled')).toBe(true);
  });

  it('unlocks a locked account after confirmation', async () => {
    const server = open();
    const row = (await screen.findByText('desk02')).closest('tr')!;
    fireEvent.click(within(row).getByText(/更多/).closest('button')!);
    fireEvent.click(await screen.findByText('解锁'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('账号已解锁')).toBeTruthy();
    expect(server.sent(UserCalls.unlock)[0]!.body).toEqual({ id: 6 });
  });

  it('creates a user and shows the generated password once, with the warning and a copy button', async () => {
    const server = open();
    fireEvent.click((await screen.findByText('新建用户', { selector: 'button span' })).closest('button')!);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('用户名'), { target: { value: 'desk09' } });
    fireEvent.change(dialog.getByLabelText('姓名'), { target: { value: '孙丽' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: '部门' }));
    fireEvent.click((await screen.findAllByTitle('一号机构')).at(-1)!);
    await waitFor(() => expect(dialog.getByRole('combobox', { name: '角色' }).closest('.ant-select')!.className).not.toContain('disabled'));
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: '角色' }));
    fireEvent.click(await screen.findByTitle('值班（一号机构）'));
    fireEvent.click(dialog.getByRole('button', { name: /OK|确\s*定/ }));
    expect(await screen.findByText(PASSWORD)).toBeTruthy();
    expect(screen.getByText(/密码只显示这一次/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /复制密码/ })).toBeTruthy();
    await waitFor(() => expect(server.sent(UserCalls.create)[0]!.body).toEqual({ username: 'desk09', realname: '孙丽', phone: '', deptId: 2, roleId: 7 }));
  });
});

describe('the role picker', () => {
  it('asks for the department first, then offers only the roles that fit its kind, dropping a misfit choice', async () => {
    open();
    fireEvent.click((await screen.findByText('新建用户', { selector: 'button span' })).closest('button')!);
    const dialog = within(await screen.findByRole('dialog'));
    const picker = dialog.getByRole('combobox', { name: '角色' });
    expect(picker.closest('.ant-select')!.className).toContain('disabled');
    expect(dialog.getByText('请先选择所属机构')).toBeTruthy();
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: '部门' }));
    fireEvent.click((await screen.findAllByTitle('一号机构')).at(-1)!);
    await waitFor(() => expect(picker.closest('.ant-select')!.className).not.toContain('disabled'));
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByTitle('值班（一号机构）'));
    expect(screen.queryByTitle('安装师傅（一号机构）')).toBeNull();
    // An installer company: the desk role no longer fits and is dropped; the installer role is offered.
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: '部门' }));
    fireEvent.click((await screen.findAllByTitle('一号安装公司')).at(-1)!);
    await waitFor(() => expect(dialog.queryByTitle('值班（一号机构）')).toBeNull());
    fireEvent.mouseDown(picker);
    expect(await screen.findByTitle('安装师傅（一号机构）')).toBeTruthy();
    expect(screen.queryByTitle('值班（一号机构）')).toBeNull();
  });
});

describe('RoleEditorDialog', () => {
  it('offers only the permissions the caller holds', async () => {
    fakeServer([answer(DeptCalls.tree, [])]);
    renderRoutes([{ path: '/', element: <SessionContext value={{ user, menu }}><RoleEditorDialog target="new" onClose={() => undefined} /></SessionContext> }], '/');
    const held = await screen.findByRole('checkbox', { name: '查看预警' });
    expect(held.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('checkbox', { name: '下发设备指令' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('系统管理')).toBeTruthy();
  });
});
