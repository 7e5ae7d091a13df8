import type { UserInfo } from '@cvrisk/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { HomePage } from './HomePage';

// jsdom has no canvas; the chart's own data is the same object the cards read.
vi.mock('../../components/EChart', () => ({ EChart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));

const results: Record<string, unknown> = {
  '/api/indexMonitoring/deviceOnline': { total: 934, online: 500, offline: 300, never: 134, wired: 612, wireless: 322 },
  '/api/indexMonitoring/customerCount': { total: 600, overdue: 57 },
  '/api/indexMonitoring/carCount': { count: 601 },
};

function open(pages: Menu['pages'] = []) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions: [], deptId: 1, deptName: 'd', roleName: 'x' };
  return renderRoutes([{ path: '/index', element: <SessionContext value={{ user, menu: { nodes: [], pages, denied: new Set() } }}><HomePage /></SessionContext> }], '/index');
}

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the scope counts from the three monitoring calls', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => jsonReply({ code: 200, msg: 'ok', result: results[url] })));
    open();
    // The device total shows on its card and in the middle of the doughnut.
    expect(await screen.findAllByText('934')).toHaveLength(2);
    expect(screen.getByText('601')).toBeTruthy();
    expect(screen.getByText('600')).toBeTruthy();
    expect(screen.getByText('57')).toBeTruthy();
    expect(screen.getByText('53.5%')).toBeTruthy(); // online rate 500 / 934
    expect(screen.getByText('9.5%')).toBeTruthy(); // overdue rate 57 / 600
    expect(screen.getByRole('img', { name: '设备状态分布' })).toBeTruthy();
  });

  it('offers a retry instead of an endless skeleton when the device counts fail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('deviceOnline') ? jsonReply({ code: 500, msg: '服务异常' }, 500) : jsonReply({ code: 200, msg: 'ok', result: results[url] }),
      ),
    );
    open();
    expect((await screen.findAllByText('数据加载失败')).length).toBe(2);
    expect(screen.getAllByRole('button', { name: /重\s*试/ }).length).toBe(2);
  });
});
