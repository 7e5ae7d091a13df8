import { DeptCalls, DeviceCalls, type DevicePositionItem, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { DevicePositionListPage } from './DevicePositionListPage';

const base: DevicePositionItem = {
  id: 1, deviceNumber: '138000010042', deviceKind: 1, model: 'JM-VL03', iccid: '89860045885426461572', state: 'moving',
  deptId: 3, deptName: '杭州宝龙奥迪4S店', financeName: '华信汽车金融有限公司', carId: 42, carFrameNumber: 'LGBXBBZT2TN959417',
  plateNumber: '浙A33RZ4', customerName: '于兰晶', installTime: '2026-01-05 10:00:00', lastTime: '2026-03-01 11:16:48', heardTime: '2026-03-01 11:16:48',
  lng: 120.279687, lat: 30.241232, gaodeLng: 120.284157, gaodeLat: 30.238793, speed: 30.1, direction: 350, acc: 1,
  battery: null, signal: 25, satellites: 12, registeredAt: '2026-01-05 10:20:00', registrationWindow: null, registerRefusals: 0, lastRegisterRefusedAt: null, lastRegisterRefusedReason: null, invalidPositions: 0, lastInvalidAt: null, lastInvalidReason: null, retiredAt: null,
  address: '浙江省杭州市江干区',
};
const never: DevicePositionItem = {
  ...base, id: 2, deviceNumber: '865253061441142', deviceKind: 2, state: 'never', lastTime: null, lng: null, lat: null,
  gaodeLng: null, gaodeLat: null, speed: null, direction: null, acc: null, battery: null, signal: null, satellites: null, address: null,
};

function serve() {
  return fakeServer([
    answer(DeptCalls.tree, []),
    answer(DeviceCalls.latest, { list: [base, never], count: 57 }),
    answer(DeviceCalls.byNumbers, [base]),
  ]);
}

const bodiesOf = (server: ReturnType<typeof serve>, call: typeof DeviceCalls.latest | typeof DeviceCalls.byNumbers) => server.sent(call).map((c) => c.body);

function open(entry: string, permissions: string[]) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes(
    [{ path: '/report/deviceManagement', element: <SessionContext value={{ user, menu }}><DevicePositionListPage /></SessionContext> }],
    entry,
  );
}

const rowOf = (deviceNumber: string) => screen.getByText(deviceNumber).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

describe('DevicePositionListPage', () => {
  it('queries with the filters and page from the address bar and shows each position', async () => {
    const server = serve();
    open('/report/deviceManagement?state=moving&lastTimeStart=2026-03-01%2008:00:00&lastTimeEnd=2026-03-01%2012:00:00&pageNumber=2', ['device:view']);
    expect(await screen.findByText('138000010042')).toBeTruthy();
    expect(bodiesOf(server, DeviceCalls.latest)[0]).toEqual({
      state: 'moving', lastTimeStart: '2026-03-01 08:00:00', lastTimeEnd: '2026-03-01 12:00:00', pageNumber: 2, pageSize: 20,
    });
    expect(screen.getByText('共 57 条')).toBeTruthy();
    const labels = [...document.querySelectorAll('.filter-form .ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['设备号', '设备类型', '状态', '所属机构', '最后上报时间', '车架号', '客户姓名']);
    // The picker's display format (with or without seconds) is the shared time filter's to choose.
    expect(screen.getAllByPlaceholderText(/开始时间|结束时间/).map((i) => (i as HTMLInputElement).value)).toEqual([
      expect.stringMatching(/^2026-03-01 08:00/), expect.stringMatching(/^2026-03-01 12:00/),
    ]);
    const moving = within(rowOf('138000010042'));
    expect(moving.getByText('120.279687, 30.241232')).toBeTruthy();
    expect(moving.getByText('浙江省杭州市江干区')).toBeTruthy();
    expect(moving.getByText('30.1')).toBeTruthy();
    expect(moving.getByText('350° 北')).toBeTruthy();
    expect(moving.getByText('开')).toBeTruthy();
    // A device that never reported has no position to show.
    const silent = rowOf('865253061441142');
    expect(within(silent).getByText('未上线')).toBeTruthy();
    expect(within(silent).getAllByText('-').length).toBeGreaterThanOrEqual(9);
  });

  it('refreshes itself every 30 s until 自动刷新 is switched off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = serve();
      open('/report/deviceManagement', ['device:view']);
      await screen.findByText('138000010042');
      const calls = () => bodiesOf(server, DeviceCalls.latest).length;
      expect(calls()).toBe(1);
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(calls()).toBe(2));
      await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('switch', { name: '30秒自动刷新' }));
      await vi.advanceTimersByTimeAsync(90_000);
      expect(calls()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers 指令 only to users allowed to send commands', async () => {
    serve();
    open('/report/deviceManagement', ['device:view']);
    await screen.findByText('138000010042');
    expect(screen.queryByRole('button', { name: /指\s*令/ })).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('批量查询 looks up the pasted numbers and says how many were not found', async () => {
    const server = serve();
    open('/report/deviceManagement', ['device:view', 'device:command']);
    await screen.findByText('865253061441142');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: /批量查询/ }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByLabelText('批量查询设备位置'));
    await u.paste('138000010042，000000\n138000010042 123');
    expect(await within(dialog).findByText('已识别 3 个设备号（重复的只算一次）')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: /查\s*询/ }));
    expect(await within(dialog).findByText('查询 3 个，找到 1 个，2 个未找到')).toBeTruthy();
    expect(bodiesOf(server, DeviceCalls.byNumbers)).toEqual([{ deviceNumbers: ['138000010042', '000000', '123'] }]);
    expect(within(dialog).getByText('浙江省杭州市江干区')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText(/000000，123/)).toBeTruthy());
  });
});
