import { WarningDetailCalls, type UserInfo, type WarningNotPushEntity } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { NotPushListPage } from './NotPushListPage';

const row = (id: number, deviceNumber: string, warningType: WarningNotPushEntity['warningType'], warningTypeName: string): WarningNotPushEntity => ({
  id, deviceNumber, deviceKind: 1, warningType, warningTypeName, customerName: '王建华', plateNumber: '浙A12345', deptName: '杭州宝龙奥迪4S店',
  createdByName: '张晓燕', createTime: '2026-11-21 09:00:00',
});

/** A server keeping its exclusions between calls, as the real one does. */
function serve(initial: WarningNotPushEntity[]) {
  let rows = [...initial];
  const server = fakeServer([
    answer(WarningDetailCalls.notStatisticsList, ({ body }) => {
      const q = body as { deviceNumber?: string; warningType?: number };
      const list = rows.filter((r) => (!q.deviceNumber || r.deviceNumber === q.deviceNumber) && (!q.warningType || r.warningType === q.warningType));
      return { list, count: list.length };
    }),
    answer(WarningDetailCalls.allowByDevice, ({ query }) => {
      rows = rows.filter((r) => !(r.deviceNumber === query.deviceNumber && String(r.warningType) === query.warningType));
      return null;
    }, { msg: '已恢复推送' }),
    answer(WarningDetailCalls.cancelByDevice, ({ body }) => {
      const b = body as { deviceNumber: string; warningType: 6 };
      rows = [row(99, b.deviceNumber, b.warningType, '长时间停留预警'), ...rows];
      return null;
    }, { msg: '已取消推送' }),
  ]);
  return server;
}

function open(permissions: string[], at = '/risk/notPushList') {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 2, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes([{ path: '/risk/notPushList', element: <SessionContext value={{ user, menu }}><NotPushListPage /></SessionContext> }], at);
}

afterEach(() => vi.unstubAllGlobals());

describe('NotPushListPage', () => {
  it('lists the exclusions and removes one after its confirmation, with the device and type in the call', async () => {
    const { sent } = serve([row(1, '860000000000001', 4, '二押点预警'), row(2, '860000000000002', 1, '离线预警')]);
    open(['warning:view', 'warning:handle']);
    const u = userEvent.setup();
    const first = (await screen.findByText('860000000000001')).closest('tr')!;
    expect(within(first).getByText('二押点预警')).toBeTruthy();
    await u.click(within(first).getByRole('button', { name: '移除' }));
    expect(await screen.findByText('移除后，设备 860000000000001 的二押点预警将重新推送。')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已恢复推送')).toBeTruthy();
    expect(sent(WarningDetailCalls.allowByDevice).map((s) => s.query)).toEqual([{ deviceNumber: '860000000000001', warningType: '4' }]);
    await waitFor(() => expect(screen.queryByText('860000000000001')).toBeNull());
    expect(screen.getByText('860000000000002')).toBeTruthy();
  });

  it('removes the selected ones together', async () => {
    const { sent } = serve([row(1, '860000000000001', 4, '二押点预警'), row(2, '860000000000002', 1, '离线预警')]);
    open(['warning:view', 'warning:handle']);
    const u = userEvent.setup();
    await screen.findByText('860000000000001');
    // The header's box selects the page.
    await u.click(screen.getAllByRole('checkbox')[0]!);
    await u.click(await screen.findByRole('button', { name: '批量移除（2）' }));
    await u.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已恢复推送 2 项')).toBeTruthy();
    expect(sent(WarningDetailCalls.allowByDevice)).toHaveLength(2);
    expect(await screen.findByText('没有不推送的设备。在预警详情中勾选“不推送”，或点击“添加”。')).toBeTruthy();
  });

  it('adds a device and type, told what that means, and filters by the address bar', async () => {
    const { sent } = serve([row(1, '860000000000001', 4, '二押点预警')]);
    open(['warning:view', 'warning:handle'], '/risk/notPushList?deviceNumber=860000000000009');
    const u = userEvent.setup();
    await waitFor(() => expect(sent(WarningDetailCalls.notStatisticsList)[0]?.body).toMatchObject({ deviceNumber: '860000000000009' }));
    expect(screen.queryByText('860000000000001')).toBeNull();
    await u.click(screen.getByRole('button', { name: /添\s*加/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/仍会记录，但不再推送/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入设备号')).toBeTruthy();
    await u.type(within(dialog).getByLabelText('设备号'), '860000000000009');
    await u.click(within(dialog).getByRole('combobox', { name: '预警类型' }));
    await u.click(await screen.findByTitle('长时间停留预警'));
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('已取消推送')).toBeTruthy();
    expect(sent(WarningDetailCalls.cancelByDevice).map((s) => s.body)).toEqual([{ deviceNumber: '860000000000009', warningType: 6 }]);
    expect(await screen.findByText('860000000000009')).toBeTruthy();
  });

  it('shows a reader the list without the buttons that change it', async () => {
    serve([row(1, '860000000000001', 4, '二押点预警')]);
    open(['warning:view']);
    expect(await screen.findByText('860000000000001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '移除' })).toBeNull();
    expect(screen.queryByRole('button', { name: /添\s*加/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
