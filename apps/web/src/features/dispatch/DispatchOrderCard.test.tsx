import { DispatchCalls } from '@cvrisk/contracts';
import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageRoute } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { DispatchOrderCard } from '../home/DispatchOrderCard';
import { sessionOf } from './orderFixtures';

const ordersPage: PageRoute = {
  path: '/dispatchOrder/dispatchOrder', name: 'dispatchOrder', view: 'dispatchOrder', title: { zh: '派单管理', en: 'Dispatch orders' },
  hidden: false, affix: false, parents: [],
};

function open() {
  const session = sessionOf(['order:dispatch'], [ordersPage]);
  return renderRoutes([{ path: '/index', element: <SessionContext value={session}><DispatchOrderCard /></SessionContext> }], '/index');
}

const target = (name: string) => {
  const url = new URL(screen.getByRole('link', { name }).getAttribute('href')!, 'http://console.test');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};

afterEach(() => vi.unstubAllGlobals());

describe('DispatchOrderCard', () => {
  it('shows the orders per state and today, each opening the order list on its tab', async () => {
    fakeServer([answer(DispatchCalls.counts, { total: 40, today: 6, byState: { 1: 4, 2: 7, 3: 2, 4: 3, 5: 20, 6: 1, 7: 3 } })]);
    open();
    expect(await screen.findByText('共 40 单')).toBeTruthy();
    expect(screen.getByText('已派单/已接单')).toBeTruthy();
    expect(target('待派单 4')).toEqual({ path: '/dispatchOrder/dispatchOrder', query: { state: '1' } });
    expect(target('已派单 7').query).toEqual({ state: '2' });
    expect(target('已接单 2').query).toEqual({ state: '3' });
    expect(target('已安装待审核 3').query).toEqual({ state: '4' });
    expect(target('异常 1').query).toEqual({ state: '6' });
    expect(target('已完成 20').query).toEqual({ state: '5' });
    const day = dayjs().format('YYYY-MM-DD');
    expect(target('今日新增 6').query).toEqual({ createdStart: `${day} 00:00:00`, createdEnd: `${day} 23:59:59` });
  });

  it('says so when there are no orders yet', async () => {
    fakeServer([answer(DispatchCalls.counts, { total: 0, today: 0, byState: {} })]);
    open();
    expect(await screen.findByText('还没有订单')).toBeTruthy();
  });
});
