import type { Permission, UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { HomePage } from './HomePage';

// jsdom has no canvas; the chart's own data is the same object the cards read.
vi.mock('../../components/charts/EChart', () => ({ EChart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));

const day = (d: string, high = 0, medium = 0, low = 0) => ({ day: d, high, medium, low });
const results: Record<string, unknown> = {
  '/api/indexMonitoring/deviceOnline': { total: 934, online: 500, offline: 300, never: 134, wired: 612, wireless: 322 },
  '/api/indexMonitoring/customerCount': { total: 600, overdue: 57 },
  '/api/indexMonitoring/carCount': { count: 601 },
  '/api/indexMonitoring/customerGrade': { high: 12, potential: 30, general: 558 },
  '/api/indexMonitoring/warningCount': { today: 17, unhandled: 143, handledToday: 8 },
  '/api/indexMonitoring/alarmCount': { today: 21, week: 96, open: 5 },
  '/api/indexMonitoring/warningCount7day': { list: [day('2026-11-22', 1, 2, 3), day('2026-11-23', 4)] },
  '/api/indexMonitoring/customerWarningStatistics': { list: [{ warningType: 1, warningTypeName: '离线预警', count: 143, customers: 90 }] },
  '/api/indexMonitoring/warningListWeek': {
    count: 33,
    list: [{ id: 9, warningType: 2, warningTypeName: '断电预警', deviceNumber: '13800001111', customerName: '王强', riskLevel: 1, dealStatus: 0, warningTime: '2026-11-23 00:30:00' }],
  },
};
const fetchAll = () => vi.fn(async (url: string) => jsonReply({ code: 200, msg: 'ok', result: results[url] }));

function open(permissions: Permission[], pages: Menu['pages'] = []) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const session = { user, menu: { nodes: [], pages, denied: new Set<string>() } };
  return renderRoutes(
    [
      { path: '/index', element: <SessionContext value={session}><HomePage /></SessionContext> },
      { path: '/risk/warningDetail', element: <div>detail page</div> },
    ],
    '/index',
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the scope counts from the monitoring calls', async () => {
    vi.stubGlobal('fetch', fetchAll());
    open(['customer:view']);
    // The device total shows on its card and in the middle of the doughnut.
    expect(await screen.findAllByText('934')).toHaveLength(2);
    expect(screen.getByText('601')).toBeTruthy();
    expect(screen.getByText('600')).toBeTruthy();
    expect(screen.getByText('57')).toBeTruthy();
    expect(screen.getByText('53.5%')).toBeTruthy(); // online rate 500 / 934
    expect(screen.getByText('9.5%')).toBeTruthy(); // overdue rate 57 / 600
    expect(screen.getByRole('img', { name: '设备状态分布' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: '客户风险等级' })).toBeTruthy();
  });

  it('shows the warning figures, charts and this week list to a user who may see warnings', async () => {
    vi.stubGlobal('fetch', fetchAll());
    const { router } = open(['warning:view', 'customer:view']);
    expect(await screen.findByText('143')).toBeTruthy(); // unhandled
    expect(screen.getByText('17')).toBeTruthy(); // today
    expect(screen.getByText('33')).toBeTruthy(); // this week
    expect(screen.getByText('21')).toBeTruthy(); // alarms today
    expect(await screen.findByText('合计 10 条')).toBeTruthy(); // 1 + 2 + 3 + 4 over the 7 days
    expect(screen.getByRole('img', { name: '预警趋势' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '未处理预警类型分布' })).toBeTruthy();
    expect(screen.getByText('本周共 33 条，显示最新 1 条')).toBeTruthy();
    fireEvent.click(await screen.findByText('13800001111'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/risk/warningDetail'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ id: '9', deviceNumber: '13800001111', warningType: '2' });
  });

  it('neither asks for nor shows warning and customer figures without those permissions', async () => {
    const fetch = fetchAll();
    vi.stubGlobal('fetch', fetch);
    open([]);
    expect(await screen.findAllByText('934')).toHaveLength(2);
    const asked = fetch.mock.calls.map((c) => String(c[0]));
    expect(asked.sort()).toEqual(['/api/indexMonitoring/carCount', '/api/indexMonitoring/deviceOnline']);
    expect(screen.queryByText('客户总数')).toBeNull();
    expect(screen.queryByText('今日预警')).toBeNull();
  });

  it('says so when there are no unhandled warnings and no warnings this week', async () => {
    const empty: Record<string, unknown> = {
      ...results,
      '/api/indexMonitoring/customerWarningStatistics': { list: [{ warningType: 1, warningTypeName: '离线预警', count: 0, customers: 0 }] },
      '/api/indexMonitoring/warningListWeek': { count: 0, list: [] },
      '/api/indexMonitoring/warningCount7day': { list: [day('2026-11-23')] },
    };
    vi.stubGlobal('fetch', vi.fn(async (url: string) => jsonReply({ code: 200, msg: 'ok', result: empty[url] })));
    open(['warning:view']);
    expect(await screen.findByText('没有未处理的预警')).toBeTruthy();
    expect(await screen.findByText('本周还没有预警')).toBeTruthy();
    expect(await screen.findByText('所选时间段内没有预警')).toBeTruthy();
  });

  it('offers a retry instead of an endless skeleton when the device counts fail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('deviceOnline') ? jsonReply({ code: 500, msg: '服务异常' }, 500) : jsonReply({ code: 200, msg: 'ok', result: results[url] }),
      ),
    );
    open([]);
    expect((await screen.findAllByText('数据加载失败')).length).toBe(2);
    expect(screen.getAllByRole('button', { name: /重\s*试/ }).length).toBe(2);
  });
});
