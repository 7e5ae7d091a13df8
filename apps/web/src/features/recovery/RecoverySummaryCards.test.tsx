import { DispatchCalls, HomeCalls, RecoveryCalls, type Permission } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageRoute } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { LiveCounters } from '../dashboard/LiveCounters';
import { HomePage } from '../home/HomePage';
import { listSessionOf } from './listFixtures';

const casesPage: PageRoute = {
  path: '/recovery/recoveryCases', name: 'recoveryCases', view: 'recoveryCases', title: { zh: '追车管理', en: 'Recovery cases' }, hidden: false, affix: false, parents: [],
};

function open(permissions: Permission[]) {
  const session = { ...listSessionOf(permissions), menu: { nodes: [], pages: [casesPage], denied: new Set<string>() } };
  return renderRoutes(
    [
      { path: '/index', element: <SessionContext value={session}><HomePage /></SessionContext> },
      { path: '/recovery/recoveryCases', element: <p>case list</p> },
    ],
    '/index',
  );
}

/** A figure's card by its title: the statistic's value sits beside it. */
const figure = (title: string) => screen.getByText(title).closest<HTMLElement>('.stat-card')!;

afterEach(() => vi.unstubAllGlobals());

describe('the home page’s recovery figures', () => {
  it('shows a recovery company its cases, not the institution’s devices, and 进行中案件 opens the open cases', async () => {
    const server = fakeServer([answer(RecoveryCalls.summary, { open: 7, foundLast24h: 2, recoveredThisMonth: 5, awaitingMyApproval: 0 })]);
    const { router } = open(['recovery:view', 'recovery:field', 'recovery:link']);
    await waitFor(() => expect(figure('进行中案件').textContent).toContain('7'));
    expect(figure('24小时内找到').textContent).toContain('2');
    expect(figure('本月收车').textContent).toContain('5');
    expect(screen.queryByText('设备总数')).toBeNull();
    expect(server.sent(HomeCalls.deviceOnline)).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: /查看案件/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recovery/recoveryCases'));
    expect(router.state.location.search).toBe('?open=true');
  });

  it('are left out for those who may not read cases', async () => {
    // An installer company's user: their own orders, no recovery figures.
    const server = fakeServer([answer(DispatchCalls.mine, { list: [], count: 0, stateCounts: { 2: 4 } })]);
    open(['order:install']);
    await waitFor(() => expect(figure('待接单').textContent).toContain('4'));
    expect(screen.queryByText('进行中案件')).toBeNull();
    expect(server.sent(RecoveryCalls.summary)).toEqual([]);
  });
});

describe('the data board’s recovery counters', () => {
  it('show the same three figures to those who may read cases', async () => {
    fakeServer([
      answer(HomeCalls.deviceOnline, { total: 3, online: 1, offline: 1, never: 1, wired: 2, wireless: 1 }),
      answer(HomeCalls.carCount, { count: 2 }),
      answer(RecoveryCalls.summary, { open: 7, foundLast24h: 2, recoveredThisMonth: 5, awaitingMyApproval: 0 }),
    ]);
    const session = listSessionOf(['recovery:view']);
    renderRoutes([{ path: '/dashboard', element: <SessionContext value={session}><LiveCounters seesWarnings={false} /></SessionContext> }], '/dashboard');
    const counter = async (title: string) => within(await screen.findByRole('group', { name: title }));
    expect(await (await counter('进行中案件')).findByText('7')).toBeTruthy();
    expect((await counter('24小时内找到')).getByText('2')).toBeTruthy();
    expect((await counter('本月收车')).getByText('5')).toBeTruthy();
  });
});
