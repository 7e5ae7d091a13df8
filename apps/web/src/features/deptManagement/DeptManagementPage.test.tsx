import { DeptAdminCalls, PushCalls, type DeptAdminItem, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { WarningPushConfigPage } from '../warningPushConfig/WarningPushConfigPage';
import { DeptManagementPage } from './DeptManagementPage';
import { filterTree, moveTargets, toTree } from './deptTree';

const base = { province: '浙江省', city: '杭州市', userCount: 0, deviceCount: 0, disabled: false, disabledAbove: false, disabledAt: null, createdAt: '2026-11-20 10:00:00' };
const items: DeptAdminItem[] = [
  { ...base, id: 1, parentId: null, kind: 'platform', name: '平台运营中心', userCount: 1 },
  { ...base, id: 2, parentId: 1, kind: 'finance', name: '安达金融', userCount: 2 },
  { ...base, id: 3, parentId: 2, kind: 'dealer', name: '杭州西湖店', userCount: 3, deviceCount: 40 },
  { ...base, id: 4, parentId: 2, kind: 'installer', name: '杭州安装公司', userCount: 1 },
  { ...base, id: 5, parentId: 1, kind: 'finance', name: '华信金融' },
  { ...base, id: 6, parentId: 5, kind: 'dealer', name: '苏州店', disabled: true, disabledAt: '2026-11-25 09:00:00', deviceCount: 7 },
];

function open(list = items, deptId = 1) {
  const server = fakeServer([
    answer(DeptAdminCalls.list, list),
    answer(DeptAdminCalls.create, (input) => ({ ...base, id: 9, parentId: 2, kind: 'dealer', ...(input.body as object) }) as DeptAdminItem, { msg: '部门已新建' }),
    answer(DeptAdminCalls.move, { ...items[2]!, parentId: 5 }, { msg: '部门已移动' }),
    answer(DeptAdminCalls.disable, { ...items[2]!, disabled: true }, { msg: '部门已停用，2个会话已退出登录' }),
    answer(DeptAdminCalls.enable, { ...items[5]!, disabled: false }, { msg: '部门已启用' }),
  ]);
  const user: UserInfo = {
    userId: 1, username: 'admin', realname: '管理员', avatar: '', permissions: ['user:admin', 'config:edit', 'warning:view'], deptId, deptName: '平台', roleName: 'x',
    mustChangePassword: false,
  };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  renderRoutes([{ path: '/system/deptManagement', element: <SessionContext value={{ user, menu }}><DeptManagementPage /></SessionContext> }], '/system/deptManagement');
  return server;
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('deptTree', () => {
  it('sums users and devices up the tree and keeps the ancestors of a match', () => {
    const [root] = toTree(items);
    expect(root).toMatchObject({ userTotal: 7, deviceTotal: 47 });
    const found = filterTree(toTree(items), '苏州');
    expect(found.map((r) => r.name)).toEqual(['平台运营中心']);
    expect(found[0]!.children!.map((r) => r.name)).toEqual(['华信金融']);
    expect(found[0]!.children![0]!.children!.map((r) => r.name)).toEqual(['苏州店']);
  });

  it('offers a dealer only the other enabled institutions, and an institution nowhere', () => {
    expect(moveTargets(items, items[2]!).map((d) => d.id)).toEqual([5]);
    expect(moveTargets(items, items[1]!)).toEqual([]);
    expect(moveTargets(items.map((d) => (d.id === 5 ? { ...d, disabled: true } : d)), items[2]!)).toEqual([]);
  });
});

describe('DeptManagementPage', () => {
  it('shows the tree with kinds, totals and states, the own department marked', async () => {
    open();
    expect(await screen.findByText('杭州西湖店')).toBeTruthy();
    expect(within(rowOf('平台运营中心')).getByText('本部门')).toBeTruthy();
    expect(within(rowOf('平台运营中心')).getByText('1（7）')).toBeTruthy();
    expect(within(rowOf('杭州西湖店')).getByText('经销商')).toBeTruthy();
    expect(within(rowOf('杭州西湖店')).getByText('启用')).toBeTruthy();
    expect(within(rowOf('苏州店')).getByText('停用')).toBeTruthy();
  });

  it('filters by name, keeping each match under its parents', async () => {
    open();
    await screen.findByText('杭州西湖店');
    fireEvent.change(screen.getByLabelText('按名称搜索'), { target: { value: '苏州' } });
    await waitFor(() => expect(screen.queryByText('杭州西湖店')).toBeNull());
    expect(screen.getByText('华信金融')).toBeTruthy();
    expect(screen.getByText('苏州店')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('按名称搜索'), { target: { value: '不存在的店' } });
    expect(await screen.findByText('没有名称包含“不存在的店”的部门')).toBeTruthy();
  });

  it('creates a dealer under an institution with the kind the institution may hold', async () => {
    const server = open();
    await screen.findByText('杭州西湖店');
    fireEvent.click(within(rowOf('安达金融')).getByText('新建下级').closest('button')!);
    expect(await screen.findByText('在“安达金融”下新建部门')).toBeTruthy();
    expect(screen.getByLabelText('经销商')).toBeTruthy();
    expect(screen.getByLabelText('安装商')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: ' 滨江店 ' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /OK|确\s*定/ }));
    expect(await screen.findByText('部门已新建')).toBeTruthy();
    expect(server.sent(DeptAdminCalls.create)[0]!.body).toEqual({ parentId: 2, kind: 'dealer', name: '滨江店', province: null, city: null });
  });

  it('disables after a confirmation naming how many users it shuts out', async () => {
    const server = open();
    await screen.findByText('杭州西湖店');
    fireEvent.click(within(rowOf('杭州西湖店')).getByText(/更多/).closest('button')!);
    fireEvent.click(await screen.findByText('停用', { selector: '.ant-dropdown-menu-title-content' }));
    expect(await screen.findByText(/它及其下级部门的 3 个用户将立即退出登录/)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /OK|确\s*定/ }));
    expect(await screen.findByText('部门已停用，2个会话已退出登录')).toBeTruthy();
    expect(server.sent(DeptAdminCalls.disable)[0]!.body).toEqual({ id: 3 });
  });

  it('moves a dealer to another institution', async () => {
    const server = open();
    await screen.findByText('杭州西湖店');
    fireEvent.click(within(rowOf('杭州西湖店')).getByText(/更多/).closest('button')!);
    fireEvent.click(await screen.findByText('移动', { selector: '.ant-dropdown-menu-title-content' }));
    expect(await screen.findByText('移动“杭州西湖店”')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('华信金融', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|确\s*定/ }));
    expect(await screen.findByText('部门已移动')).toBeTruthy();
    expect(server.sent(DeptAdminCalls.move)[0]!.body).toEqual({ id: 3, parentId: 5 });
  });

  it("offers an institution's administrator neither move nor disable of their own institution", async () => {
    open(items.slice(1, 4), 2);
    await screen.findByText('杭州西湖店');
    const own = rowOf('安达金融');
    expect(within(own).getByText('本部门')).toBeTruthy();
    fireEvent.click(within(own).getByText(/更多/).closest('button')!);
    expect(await screen.findByText('预警配置')).toBeTruthy();
    expect(screen.getByText('推送配置')).toBeTruthy();
    expect(screen.queryByText('移动', { selector: '.ant-dropdown-menu-title-content' })).toBeNull();
    expect(screen.queryByText('停用', { selector: '.ant-dropdown-menu-title-content' })).toBeNull();
  });

  it('gives a phone the name, the state and one actions menu', async () => {
    const real = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...real(query), matches: query.includes('575.98px') }));
    open();
    await screen.findByText('杭州西湖店');
    expect(screen.queryByText('创建时间')).toBeNull();
    expect(within(rowOf('杭州西湖店')).getByText('经销商')).toBeTruthy();
    fireEvent.click(within(rowOf('杭州西湖店')).getByLabelText('操作').closest('button')!);
    expect(await screen.findByText('编辑', { selector: '.ant-dropdown-menu-title-content' })).toBeTruthy();
    expect(screen.getByText('移动', { selector: '.ant-dropdown-menu-title-content' })).toBeTruthy();
  });
});

describe('the push settings link from an institution', () => {
  it('opens 预警推送配置 narrowed to that institution', async () => {
    const server = fakeServer([answer(PushCalls.list, { list: [], count: 0 }), answer(PushCalls.deliveries, { list: [], count: 0 })]);
    const user: UserInfo = {
      userId: 1, username: 'admin', realname: '管理员', avatar: '', permissions: ['warning:view', 'config:edit'], deptId: 1, deptName: '平台', roleName: 'x',
      mustChangePassword: false,
    };
    const menu: Menu = { nodes: [], pages: [], denied: new Set() };
    renderRoutes(
      [{ path: '/risk/warningPushConfig', element: <SessionContext value={{ user, menu }}><WarningPushConfigPage /></SessionContext> }],
      `/risk/warningPushConfig?${new URLSearchParams({ deptId: '2', deptName: '安达金融' })}`,
    );
    expect(await screen.findByText('只显示“安达金融”及其下级部门的推送配置')).toBeTruthy();
    await waitFor(() => expect(server.sent(PushCalls.list)[0]!.body).toMatchObject({ deptId: 2 }));
  });
});
