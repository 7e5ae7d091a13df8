import { AlarmCalls, DeptCalls, type AlarmListItem, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { DeviceAlarmListPage } from './DeviceAlarmListPage';

const alarm: AlarmListItem = {
  id: 5, deviceNumber: '865253061441142', deviceKind: 2, plateNumber: '浙A33RZ4', customerName: '于兰晶', deptId: 3,
  deptName: '杭州宝龙奥迪4S店', alarmType: 1, alarmTypeName: '服务端的名称', startTime: '2026-11-20 08:00:00', endTime: null,
  durationMs: (90 * 60 + 20) * 1000, duration: '1小时30分', state: 'open', lng: 120.279687, lat: 30.241232, address: null,
};

function serve() {
  return fakeServer([
    answer(DeptCalls.tree, []),
    answer(AlarmCalls.types, [{ code: 1, name: '超速报警', nameEn: 'Speeding' }]),
    answer(AlarmCalls.list, { list: [alarm], count: 21 }),
    answer(AlarmCalls.download, () => new Response(new Uint8Array([80, 75, 3, 4]), { headers: { 'Content-Type': 'application/octet-stream' } })),
  ]);
}

function open(entry: string, permissions: string[]) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes(
    [{ path: '/risk/alarm', element: <SessionContext value={{ user, menu }}><DeviceAlarmListPage /></SessionContext> }],
    entry,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DeviceAlarmListPage', () => {
  it('queries with the address bar’s filters, fills the form with them and shows each alarm', async () => {
    const server = serve();
    open('/risk/alarm?state=open&beginDate=2026-11-20%2008:00:00&endDate=2026-11-21%2018:30:15&plateNumber=浙A3&pageNumber=2', ['warning:view']);
    const row = within((await screen.findByText('865253061441142')).closest('tr')!);
    expect(server.sent(AlarmCalls.list).map((s) => s.body)[0]).toEqual({
      state: 'open', plateNumber: '浙A3', beginDate: '2026-11-20 08:00:00', endDate: '2026-11-21 18:30:15', pageNumber: 2, pageSize: 20,
    });
    expect((screen.getByLabelText('车牌号') as HTMLInputElement).value).toBe('浙A3');
    expect(screen.getAllByPlaceholderText(/开始时间|结束时间/).map((i) => (i as HTMLInputElement).value)).toEqual(['2026-11-20 08:00:00', '2026-11-21 18:30:15']);
    expect(await row.findByText('超速报警')).toBeTruthy();
    expect(row.getByText('报警中')).toBeTruthy();
    expect(row.getByText('1小时30分')).toBeTruthy();
    expect(row.getByText('120.279687, 30.241232')).toBeTruthy();
    const labels = [...document.querySelectorAll('.filter-form .ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['报警类型', '设备号', '车牌号', '状态', '所属机构', '报警时间']);
  });

  it('导出 sends the shown filters without paging', async () => {
    const server = serve();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    open('/risk/alarm?alarmType=1&deviceNumber=8652&pageNumber=3', ['warning:view', 'warning:export']);
    await screen.findByText('865253061441142');
    await userEvent.setup().click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(server.sent(AlarmCalls.download).map((s) => s.body)).toEqual([{ alarmType: 1, deviceNumber: '8652' }]));
  });
});
