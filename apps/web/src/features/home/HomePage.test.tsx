import { DispatchCalls, HomeCalls, type Permission, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';

/** The charts and lists load as their own part after the figures: on a busy machine that takes seconds. */
const LAZY = { timeout: 10_000 };
import { HomePage } from './HomePage';

// jsdom has no canvas; the chart's own data is the same object the cards read.
vi.mock('../../components/charts/EChart', () => ({ EChart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));

const day = (d: string, high = 0, medium = 0, low = 0) => ({ day: d, high, medium, low });
const figures = {
  deviceOnline: answer(HomeCalls.deviceOnline, { total: 934, online: 500, offline: 300, never: 134, wired: 612, wireless: 322 }),
  customerCount: answer(HomeCalls.customerCount, { total: 600, overdue: 57 }),
  carCount: answer(HomeCalls.carCount, { count: 601 }),
  customerGrade: answer(HomeCalls.customerGrade, { high: 12, potential: 30, general: 558 }),
  warningCount: answer(HomeCalls.warningCount, { today: 17, unhandled: 143, handledToday: 8 }),
  alarmCount: answer(HomeCalls.alarmCount, { today: 21, week: 96, open: 5 }),
  warningCount7day: answer(HomeCalls.warningCount7day, { list: [day('2026-11-22', 1, 2, 3), day('2026-11-23', 4)] }),
  customerWarningStatistics: answer(HomeCalls.customerWarningStatistics, { list: [{ warningType: 1, warningTypeName: '离线预警', count: 143, customers: 90 }] }),
  warningListWeek: answer(HomeCalls.warningListWeek, {
    count: 33,
    list: [{ id: 9, warningType: 2, warningTypeName: '断电预警', deviceNumber: '13800001111', customerName: '王强', riskLevel: 1, dealStatus: 0, warningTime: '2026-11-23 00:30:00' }],
  }),
};
const serve = (changed: Partial<typeof figures> = {}) => fakeServer(Object.values({ ...figures, ...changed }));

const installerPage = { path: '/dispatchOrder/installerOrders', view: 'installerOrders' } as Menu['pages'][number];

function open(permissions: Permission[], pages: Menu['pages'] = []) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const session = { user, menu: { nodes: [], pages, denied: new Set<string>() } };
  return renderRoutes(
    [
      { path: '/index', element: <SessionContext value={session}><HomePage /></SessionContext> },
      { path: '/risk/warningDetail', element: <div>detail page</div> },
      { path: '/dispatchOrder/installerOrders', element: <div>installer orders</div> },
    ],
    '/index',
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the scope counts from the monitoring calls', async () => {
    serve();
    open(['customer:view']);
    // The device total shows on its card, then (the charts come after the figures) in the middle of the doughnut.
    expect(await screen.findByRole('img', { name: '设备状态分布' }, LAZY)).toBeTruthy();
    expect(await screen.findAllByText('934')).toHaveLength(2);
    expect(screen.getByText('601')).toBeTruthy();
    expect(screen.getByText('600')).toBeTruthy();
    expect(screen.getByText('57')).toBeTruthy();
    expect(screen.getByText('53.5%')).toBeTruthy(); // online rate 500 / 934
    expect(screen.getByText('9.5%')).toBeTruthy(); // overdue rate 57 / 600
    expect(screen.getByRole('img', { name: '设备状态分布' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: '客户风险等级' }, LAZY)).toBeTruthy();
  });

  it('shows the warning figures, charts and this week list to a user who may see warnings', async () => {
    serve();
    const { router } = open(['warning:view', 'customer:view']);
    expect(await screen.findByText('143', undefined, LAZY)).toBeTruthy(); // unhandled
    // Every unhandled warning, unlike the top bar's badge (last 3 days): the card says so.
    expect(screen.getByText('全部未处理预警')).toBeTruthy();
    expect(screen.getByText('17')).toBeTruthy(); // today
    expect(screen.getByText('33')).toBeTruthy(); // this week
    expect(screen.getByText('21')).toBeTruthy(); // alarms today
    expect(await screen.findByText('合计 10 条', undefined, LAZY)).toBeTruthy(); // 1 + 2 + 3 + 4 over the 7 days
    expect(screen.getByRole('img', { name: '预警趋势' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '未处理预警类型分布' })).toBeTruthy();
    // The week's list (antd's table) arrives after the figures.
    expect(await screen.findByText('本周共 33 条，显示最新 1 条', undefined, LAZY)).toBeTruthy();
    fireEvent.click(await screen.findByText('13800001111', undefined, LAZY));
    await waitFor(() => expect(router.state.location.pathname).toBe('/risk/warningDetail'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ id: '9', deviceNumber: '13800001111', warningType: '2' });
  });

  it('neither asks for nor shows warning and customer figures without those permissions', async () => {
    const { fetchMock } = serve();
    open([]);
    expect(await screen.findByRole('img', { name: '设备状态分布' }, LAZY)).toBeTruthy();
    expect(await screen.findAllByText('934')).toHaveLength(2);
    // The test's cache keeps nothing fresh, so the charts' card asks for the device counts again: which calls, not how often.
    const asked = new Set(fetchMock.mock.calls.map((c) => String(c[0])));
    expect([...asked].sort()).toEqual(['/api/indexMonitoring/carCount', '/api/indexMonitoring/deviceOnline']);
    expect(screen.queryByText('客户总数')).toBeNull();
    expect(screen.queryByText('今日预警')).toBeNull();
  });

  it('says so when there are no unhandled warnings and no warnings this week', async () => {
    serve({
      customerWarningStatistics: answer(HomeCalls.customerWarningStatistics, { list: [{ warningType: 1, warningTypeName: '离线预警', count: 0, customers: 0 }] }),
      warningListWeek: answer(HomeCalls.warningListWeek, { count: 0, list: [] }),
      warningCount7day: answer(HomeCalls.warningCount7day, { list: [day('2026-11-23')] }),
    });
    open(['warning:view']);
    expect(await screen.findByText('没有未处理的预警', undefined, LAZY)).toBeTruthy();
    expect(await screen.findByText('本周还没有预警', undefined, LAZY)).toBeTruthy();
    expect(await screen.findByText('所选时间段内没有预警', undefined, LAZY)).toBeTruthy();
  });

  it('offers a retry instead of an endless skeleton when the device counts fail', async () => {
    serve({ deviceOnline: answer(HomeCalls.deviceOnline, () => jsonReply({ code: 500, msg: '服务异常' }, 500)) });
    open([]);
    expect((await screen.findAllByText('数据加载失败')).length).toBe(2);
    expect(screen.getAllByRole('button', { name: /重\s*试/ }).length).toBe(2);
  });

  it("shows an installer its own orders by state, not the institution's device figures", async () => {
    fakeServer([...Object.values(figures), answer(DispatchCalls.mine, { list: [], count: 0, stateCounts: { 2: 3, 3: 1, 4: 2, 5: 9, 6: 1 } })]);
    const { router } = open(['order:install'], [installerPage]);
    const value = async (title: string) => {
      const card = (await screen.findByText(title)).closest('.stat-card') as HTMLElement;
      return waitFor(() => {
        const shown = card.querySelector('.ant-statistic-content-value');
        expect(shown).toBeTruthy();
        return shown!.textContent;
      });
    };
    expect(await value('待接单')).toBe('3');
    expect(await value('安装中')).toBe('1');
    expect(await value('待审核')).toBe('2');
    expect(await value('安装异常')).toBe('1');
    expect(screen.queryByText('设备总数')).toBeNull();
    expect(screen.queryByText('设备状态分布')).toBeNull();
    fireEvent.click(screen.getAllByText('查看订单')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dispatchOrder/installerOrders'));
    expect(router.state.location.search).toBe('?tab=working');
  });

  it('asks only for the orders of an installer, none of the device or warning figures', async () => {
    const { fetchMock } = fakeServer([...Object.values(figures), answer(DispatchCalls.mine, { list: [], count: 0, stateCounts: {} })]);
    open(['order:install'], [installerPage]);
    // No order yet: every figure says 0, not a dash.
    await waitFor(() => expect(document.querySelectorAll('.stat-card .ant-statistic-content-value')).toHaveLength(4));
    expect([...document.querySelectorAll('.stat-card .ant-statistic-content-value')].map((e) => e.textContent)).toEqual(['0', '0', '0', '0']);
    const asked = fetchMock.mock.calls.map((c) => String(c[0])).filter((url) => url !== '/publicKey');
    expect(asked).toEqual(['/pd/installer/listOrders']);
  });

  it('draws the wired / wireless bar empty when the scope has no device (0 / 0)', async () => {
    serve({ deviceOnline: answer(HomeCalls.deviceOnline, { total: 0, online: 0, offline: 0, never: 0, wired: 0, wireless: 0 }) });
    open([]);
    const row = (await screen.findByText('有线 / 无线')).closest('.overview-row') as HTMLElement;
    const tracks = [...row.querySelectorAll<HTMLElement>('.ant-progress-track')];
    expect(tracks).toHaveLength(2);
    for (const track of tracks) expect(track.style.width).toBe('0%');
  });
});
