import { DeptCalls, DeviceCalls, type DeviceListItem, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { DeviceListPage } from './DeviceListPage';

const device: DeviceListItem = {
  id: 7, deviceNumber: '865253061441142', deviceKind: 2, model: 'LK-900', iccid: '89860197155955360926', state: 'offline',
  deptId: 3, deptName: '广州粤宝宝马4S店', financeName: '安达融资租赁有限公司', carId: null, carFrameNumber: null,
  plateNumber: null, customerName: null, installTime: '2026-01-05 10:00:00', lastTime: null, heardTime: null, lng: null, lat: null, gaodeLng: null, gaodeLat: null,
  speed: null, direction: null, acc: null, battery: null, signal: null, satellites: null,
  registeredAt: '2026-01-05 10:20:00', registrationWindow: null, registerRefusals: 0, lastRegisterRefusedAt: null, lastRegisterRefusedReason: null,
  invalidPositions: 1234, lastInvalidAt: '2026-01-06 08:00:00', lastInvalidReason: '坐标超出范围',
  retiredAt: null,
};
/** In stock, never registered: its window is open, and a stranger has already tried twice. */
const awaiting: DeviceListItem = {
  ...device, id: 8, deviceNumber: '13977770001', registeredAt: null, invalidPositions: 0, lastInvalidAt: null, lastInvalidReason: null,
  registrationWindow: { until: '2026-12-01 09:30:00', reason: 'stock' },
  registerRefusals: 2, lastRegisterRefusedAt: '2026-11-28 12:00:00', lastRegisterRefusedReason: '终端ID不符（收到 ZZZ9999）',
};

function serve(list: DeviceListItem[] = [device]) {
  return fakeServer([
    answer(DeptCalls.tree, []),
    answer(DeviceCalls.list, { list, count: 41 }),
    answer(
      DeviceCalls.resetRegistration,
      { deviceNumber: device.deviceNumber, wasRegistered: true, disconnected: false, windowUntil: '2026-12-01 10:00:00' },
      { msg: '已重置注册，终端需在2026-12-01 10:00:00前重新注册' },
    ),
    answer(
      DeviceCalls.export,
      () =>
        new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': "attachment; filename*=UTF-8''%E8%AE%BE%E5%A4%87%E5%9F%BA%E7%A1%80%E4%BF%A1%E6%81%AF.xlsx",
          },
        }),
    ),
  ]);
}

const bodiesOf = ({ sent }: ReturnType<typeof serve>) => sent(DeviceCalls.list).map((s) => s.body);

function open(entry: string, permissions: string[]) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes(
    [{ path: '/report/basicDevice', element: <SessionContext value={{ user, menu }}><DeviceListPage /></SessionContext> }],
    entry,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DeviceListPage', () => {
  it('queries with the filters and page from the address bar and fills the form with them', async () => {
    const server = serve();
    open('/report/basicDevice?state=offline&customerName=%E7%8E%8B&pageNumber=2', ['device:view']);
    expect(await screen.findByText('865253061441142')).toBeTruthy();
    expect(bodiesOf(server)[0]).toEqual({ state: 'offline', customerName: '王', pageNumber: 2, pageSize: 20 });
    expect(screen.getByText('共 41 条')).toBeTruthy();
    expect((screen.getByLabelText('客户姓名') as HTMLInputElement).value).toBe('王');
    expect(screen.getByText('安达融资租赁有限公司')).toBeTruthy();
  });

  it('shows a retired device as 已报废 instead of its last reporting state', async () => {
    fakeServer([answer(DeptCalls.tree, []), answer(DeviceCalls.list, { list: [{ ...device, retiredAt: '2026-11-25 09:00:00' }], count: 1 })]);
    open('/report/basicDevice', ['device:view']);
    const row = (await screen.findByText('865253061441142')).closest('tr')!;
    expect(within(row).getByText('已报废')).toBeTruthy();
    expect(within(row).queryByText('离线')).toBeNull();
  });

  it('a search writes the filters to the address bar and starts again at page 1', async () => {
    const server = serve();
    const { router } = open('/report/basicDevice?pageNumber=3', ['device:view']);
    await screen.findByText('865253061441142');
    const u = userEvent.setup();
    await u.click(screen.getByLabelText('设备号'));
    await u.paste(' 8652 ');
    await u.click(screen.getByText(/^查\s*询$/).closest('button')!);
    await waitFor(() => expect(router.state.location.search).toBe('?deviceNumber=8652'));
    await waitFor(() => expect(bodiesOf(server).at(-1)).toEqual({ deviceNumber: '8652', pageNumber: 1, pageSize: 20 }));
  });

  it('导出 sends the shown filters without paging and saves the file under the server name', async () => {
    const server = serve();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    open('/report/basicDevice?state=never&pageNumber=4', ['device:view', 'device:export']);
    await screen.findByText('865253061441142');
    await userEvent.setup().click(screen.getByText(/^导\s*出$/).closest('button')!);
    await waitFor(() => expect(saved).toEqual(['设备基础信息.xlsx']));
    expect(server.sent(DeviceCalls.export).map((s) => s.body)).toEqual([{ state: 'never' }]);
    click.mockRestore();
  });

  it('offers 导出 only to users allowed to export, and says why to the others', async () => {
    serve();
    open('/report/basicDevice', ['device:view']);
    const button = (await screen.findByText(/^导\s*出$/)).closest('button')!;
    expect(button).toHaveProperty('disabled', true);
    await userEvent.setup().hover(button.parentElement!);
    expect(await screen.findByText('您的角色没有导出权限，如需导出请联系管理员开通')).toBeTruthy();
  });

  it('shows the registration and the refused fixes; 重置注册 asks first, then resets and reloads the list', async () => {
    const server = serve();
    open('/report/basicDevice', ['device:view', 'device:reset']);
    await screen.findByText('865253061441142');
    expect(screen.getByText('已注册')).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByText('重置注册').closest('button')!);
    expect(await screen.findByText('重置设备 865253061441142 的注册？')).toBeTruthy();
    expect(server.sent(DeviceCalls.resetRegistration)).toEqual([]);
    await u.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.getByText('已重置注册，终端需在2026-12-01 10:00:00前重新注册')).toBeTruthy());
    expect(server.sent(DeviceCalls.resetRegistration).map((s) => s.body)).toEqual([{ deviceNumber: '865253061441142' }]);
    await waitFor(() => expect(bodiesOf(server)).toHaveLength(2));
  });

  it('shows a device awaiting its registration until when and why, the refused attempts, and offers 开放注册 for it', async () => {
    serve([awaiting]);
    open('/report/basicDevice', ['device:view', 'device:reset']);
    await screen.findByText('13977770001');
    const row = screen.getByText('13977770001').closest('tr')!;
    const u = userEvent.setup();
    await u.hover(within(row).getByText('待注册'));
    expect(await screen.findByText('2026-12-01 09:30:00 前可注册（库存导入）')).toBeTruthy();
    await u.hover(within(row).getByLabelText('注册被拒 2 次'));
    expect(await screen.findByText('注册被拒 2 次，最近一次 2026-11-28 12:00:00：终端ID不符（收到 ZZZ9999）')).toBeTruthy();
    await u.click(within(row).getByText('开放注册').closest('button')!);
    expect(await screen.findByText('开放设备 13977770001 的注册？')).toBeTruthy();
  });

  it('offers 重置注册 only to users allowed to reset', async () => {
    serve();
    open('/report/basicDevice', ['device:view']);
    await screen.findByText('865253061441142');
    expect(screen.queryByText('重置注册')).toBeNull();
  });
});
