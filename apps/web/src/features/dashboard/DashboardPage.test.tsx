import { DeptCalls, HomeCalls, WarningCalls, type Permission, type UserInfo, type WarningEvent, type WarningListItem } from '@cvrisk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { DashboardPage } from './DashboardPage';

// jsdom has no canvas: the charts and the map stand in as their labelled boxes.
vi.mock('../../components/charts/EChart', () => ({ EChart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));
vi.mock('./RegionMap', () => ({ RegionMap: () => <div role="img" aria-label="map" /> }));

// The live stream as the board sees it: the handlers it subscribed, for the test to call.
const live = vi.hoisted(() => ({ handlers: new Map<string, (data: unknown) => void>() }));
vi.mock('../../api/liveStream', () => ({
  subscribeLive: (event: string, handler: (data: unknown) => void) => {
    live.handlers.set(event, handler);
    return () => live.handlers.delete(event);
  },
  subscribeLiveStatus: () => () => {},
  liveStatus: () => 'open',
}));

const item = (id: number, over: Partial<WarningListItem> = {}): WarningListItem => ({
  id, warningType: 1, warningTypeName: '离线预警', riskLevel: 2, compound: false, dealStatus: 0,
  deviceNumber: `1380000${id}`, customerName: '王五', customerPhone: null, warningTime: '2026-11-23 08:00:00',
  plateNumber: `浙A0000${id}`, carFrameNumber: null, carid: null, deptId: 3, deptName: '杭州宝龙奥迪4S店', dealTime: null, dealUserName: null, dealDescription: null,
  ...over,
});

function serve() {
  let recounts = 0;
  return fakeServer([
    answer(HomeCalls.deviceOnline, { total: 934, online: 706, offline: 200, never: 28, wired: 612, wireless: 322 }),
    answer(HomeCalls.carCount, { count: 600 }),
    // Each read counts one more warning today, as a raised warning would.
    answer(HomeCalls.warningCount, () => ({ today: 17 + recounts++, unhandled: 143, handledToday: 8 })),
    answer(HomeCalls.carProvinceCount, { list: [{ province: '浙江省', count: 100 }] }),
    answer(HomeCalls.warningCount7day, { list: [{ day: '2026-11-23', high: 1, medium: 2, low: 3 }] }),
    answer(HomeCalls.customerWarningStatistics, { list: [{ warningType: 1, warningTypeName: '离线预警', count: 143, customers: 90 }] }),
    answer(WarningCalls.list, { list: [item(2), item(1)], count: 2 }),
    answer(DeptCalls.tree, [{ id: 5, parentId: null, name: '苏州中升丰田4S店', kind: 'dealer', city: '苏州市', disabled: false, children: [] }]),
  ]);
}

function open(permissions: Permission[]) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const session = { user, menu: { nodes: [], pages: [], denied: new Set<string>() } };
  return renderRoutes([{ path: '/dashboard', element: <SessionContext value={session}><DashboardPage /></SessionContext> }], '/dashboard');
}

const counter = (title: string) => within(screen.getByRole('group', { name: title }));

afterEach(() => {
  vi.unstubAllGlobals();
  live.handlers.clear();
});

describe('DashboardPage', () => {
  it("shows the server's figures in the counters", async () => {
    serve();
    open(['warning:view']);
    expect(await counter('在线设备').findByText('706')).toBeTruthy();
    expect(counter('设备总数').getByText('934')).toBeTruthy();
    expect(counter('车辆总数').getByText('600')).toBeTruthy();
    expect(await counter('今日预警').findByText('17')).toBeTruthy();
    expect(counter('未处理预警').getByText('143')).toBeTruthy();
    expect(screen.getByRole('img', { name: '近7天预警趋势' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '未处理预警类型' })).toBeTruthy();
  });

  it('puts a raised warning on top of the live list, with its dealer, and recounts at once', async () => {
    serve();
    open(['warning:view']);
    const list = within(screen.getByRole('region', { name: '实时预警' }));
    await list.findByText('浙A00002');
    await counter('今日预警').findByText('17');
    await waitFor(() => expect(live.handlers.has('warning')).toBe(true));

    const event: WarningEvent = {
      id: 99, warningType: 2, warningTypeName: '断电预警', riskLevel: 1, compound: false, deviceNumber: '13900009999',
      customerName: null, plateNumber: '苏E99999', deptId: 5, warningTime: '2026-11-23 09:30:00',
    };
    act(() => live.handlers.get('warning')!(event));

    await list.findByText('苏州中升丰田4S店');
    const rows = list.getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toBe('高断电预警11-23 09:30:00苏E99999苏州中升丰田4S店');
    expect(rows[0]!.className).toContain('level-high');
    expect(rows[1]!.textContent).toContain('浙A00002');
    expect(await counter('今日预警').findByText('18')).toBeTruthy();
  });

  it('neither asks for nor shows warnings to a user without warning:view', async () => {
    const { fetchMock } = serve();
    open([]);
    expect(await counter('车辆总数').findByText('600')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '今日预警' })).toBeNull();
    expect(screen.queryByRole('region', { name: '实时预警' })).toBeNull();
    expect(screen.queryByRole('region', { name: '近7天预警趋势' })).toBeNull();
    const asked = fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://console.test').pathname);
    expect(asked.filter((p) => p.startsWith('/api/')).sort()).toEqual([
      '/api/indexMonitoring/carCount', '/api/indexMonitoring/carProvinceCount', '/api/indexMonitoring/deviceOnline',
    ]);
    expect(live.handlers.size).toBe(0);
  });
});
