import type { UserInfo, WhiteListCustomer, WhiteListItem } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { WhiteListPage } from './WhiteListPage';

const item: WhiteListItem = {
  id: 5, customerId: 11, customerName: '王建华', customerPhone: '138****5678', deptId: 3, deptName4s: '杭州宝龙奥迪4S店',
  reason: '贷款已结清', expiresAt: null, state: 'active', createdBy: '李明辉', createTime: '2026-11-20 10:00:00',
};
const customer: WhiteListCustomer = { id: 12, name: '陈美玲', phone: '139****1234', deptName4s: '杭州宝龙奥迪4S店', plateNumbers: ['浙A12345'], listed: false };

function serve() {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/publicKey') return jsonReply({ code: 200, msg: 'ok', data: { publicKey: '', encrypt: 'off', mockServer: false } });
    if (url.startsWith('/api/dept/getDeptTreeByUserId')) return jsonReply({ code: 200, msg: 'ok', result: [] });
    if (url === '/api/report/whiteList/findList') return jsonReply({ code: 200, msg: 'ok', result: { list: [item], count: 1 } });
    if (url === '/api/report/whiteList/findCustomer') return jsonReply({ code: 200, msg: 'ok', result: [customer] });
    if (url === '/api/report/whiteList/save') return jsonReply({ code: 200, msg: '已加入白名单，1分钟内生效', result: null });
    if (url.startsWith('/api/report/whiteList/delete')) return jsonReply({ code: 200, msg: '已移出白名单，1分钟内生效', result: null });
    return jsonReply({ code: 404, msg: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function open(permissions: string[]) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 2, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes([{ path: '/risk/whiteList', element: <SessionContext value={{ user, menu }}><WhiteListPage /></SessionContext> }], '/risk/whiteList');
}

afterEach(() => vi.unstubAllGlobals());

describe('WhiteListPage', () => {
  it('adds a customer found by remote search, with the reason', async () => {
    const fetchMock = serve();
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
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/report/whiteList/save')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ customerId: 12, expiresAt: null, reason: '已核实正常使用' });
    const search = fetchMock.mock.calls.find(([url]) => url === '/api/report/whiteList/findCustomer')!;
    expect(JSON.parse(String(search[1]!.body))).toEqual({ keyword: '陈' });
  });

  it('asks for the customer and the reason before saving', async () => {
    const fetchMock = serve();
    open(['warning:view', 'config:edit']);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /添加客户/ }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请选择客户')).toBeTruthy();
    expect(within(dialog).getByText('请输入原因')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/report/whiteList/save')).toBe(false);
  });

  it('removes after confirmation', async () => {
    const fetchMock = serve();
    open(['warning:view', 'config:edit']);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /移\s*出/ }));
    expect(await screen.findByText(/确定将“王建华”移出白名单吗/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/report/whiteList/delete?id=5')).toBe(true));
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
