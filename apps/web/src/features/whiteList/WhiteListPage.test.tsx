import { DeptCalls, WhiteListCalls, type UserInfo, type WhiteListCustomer, type WhiteListItem } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { WhiteListPage } from './WhiteListPage';

const item: WhiteListItem = {
  id: 5, customerId: 11, customerName: '王建华', customerPhone: '138****5678', deptId: 3, deptName4s: '杭州宝龙奥迪4S店',
  reason: '贷款已结清', expiresAt: null, state: 'active', createdBy: '李明辉', createTime: '2026-11-20 10:00:00',
};
const customer: WhiteListCustomer = { id: 12, name: '陈美玲', phone: '139****1234', deptName4s: '杭州宝龙奥迪4S店', plateNumbers: ['浙A12345'], listed: false };

function serve() {
  return fakeServer([
    answer(DeptCalls.tree, []),
    answer(WhiteListCalls.list, { list: [item], count: 1 }),
    answer(WhiteListCalls.findCustomer, [customer]),
    answer(WhiteListCalls.save, null, { msg: '已加入白名单，1分钟内生效' }),
    answer(WhiteListCalls.remove, null, { msg: '已移出白名单，1分钟内生效' }),
  ]);
}

function open(permissions: string[]) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 2, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes([{ path: '/risk/whiteList', element: <SessionContext value={{ user, menu }}><WhiteListPage /></SessionContext> }], '/risk/whiteList');
}

afterEach(() => vi.unstubAllGlobals());

describe('WhiteListPage', () => {
  it.each([
    [['warning:view', 'config:edit'], '还没有白名单客户：点击“添加客户”，选中的客户在有效期内不再产生新预警'],
    [['warning:view'], '还没有白名单客户。白名单由有配置权限的人员（金融机构管理员）维护，如需添加客户请联系他们'],
  ])('an empty list tells %j what they can do', async (permissions, words) => {
    fakeServer([answer(DeptCalls.tree, []), answer(WhiteListCalls.list, { list: [], count: 0 })]);
    open(permissions);
    expect(await screen.findByText(words)).toBeTruthy();
  });

  it('adds a customer found by remote search, with the reason', async () => {
    const { sent } = serve();
    open(['warning:view', 'config:edit']);
    expect(await screen.findByText('王建华')).toBeTruthy();
    expect(screen.getByText('长期有效')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: /添加客户/ }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByRole('combobox', { name: '客户' }), '陈');
    await u.click(await screen.findByText('陈美玲'));
    await u.type(within(dialog).getByLabelText('原因'), '已核实正常使用');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已加入白名单，1分钟内生效')).toBeTruthy();
    expect(sent(WhiteListCalls.save).map((s) => s.body)).toEqual([{ customerId: 12, expiresAt: null, reason: '已核实正常使用' }]);
    expect(sent(WhiteListCalls.findCustomer)[0]!.body).toEqual({ keyword: '陈' });
  });

  it('asks for the customer and the reason before saving', async () => {
    const { sent } = serve();
    open(['warning:view', 'config:edit']);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /添加客户/ }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择客户')).toBeTruthy();
    expect(within(dialog).getByText('请输入原因')).toBeTruthy();
    expect(sent(WhiteListCalls.save)).toEqual([]);
  });

  it('removes after confirmation', async () => {
    const { sent } = serve();
    open(['warning:view', 'config:edit']);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /移\s*出/ }));
    expect(await screen.findByText(/确定将“王建华”移出白名单吗/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent(WhiteListCalls.remove).map((s) => s.query)).toEqual([{ id: '5' }]));
    expect(await screen.findByText('已移出白名单，1分钟内生效')).toBeTruthy();
  });

  it('offers no changes to whoever only views warnings', async () => {
    serve();
    open(['warning:view']);
    expect(await screen.findByText('王建华')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /添加客户/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /移\s*出/ })).toBeNull();
  });
});
