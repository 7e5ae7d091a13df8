import { QuickSearchCalls, WarningFeedCalls, type QuickDevice } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer } from '../../../test/fakeServer';
import { renderRoutes } from '../../../test/renderWithProviders';
import { QuickSearch } from './QuickSearch';
import { prependWarning } from './topbar.queries';
import { WarningBadgeButton } from './WarningBadgeButton';

afterEach(() => vi.unstubAllGlobals());

const device: QuickDevice = { deviceNumber: '860000000001', deviceKind: 1, plateNumber: '浙A12345', carFrameNumber: null, customerName: '王伟', customerPhone: null };

function serve(count: number) {
  return fakeServer([
    answer(WarningFeedCalls.count, { allCountStatus0: count }),
    answer(QuickSearchCalls.quick, { warnList: { list: [] }, devList: { list: [device] } }),
  ]);
}

describe('the risk-warning badge', () => {
  it('shows 99+ above 99', async () => {
    serve(150);
    renderRoutes([{ path: '/', element: <WarningBadgeButton enabled /> }], '/');
    expect(await screen.findByText('99+')).toBeTruthy();
  });

  it('shows the count itself up to 99', async () => {
    serve(99);
    renderRoutes([{ path: '/', element: <WarningBadgeButton enabled /> }], '/');
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('99'));
    expect(screen.queryByText('99+')).toBeNull();
  });

  it('asks nothing without a token', async () => {
    const { fetchMock } = serve(5);
    renderRoutes([{ path: '/', element: <WarningBadgeButton enabled={false} /> }], '/');
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

const searches = (server: ReturnType<typeof serve>) => server.sent(QuickSearchCalls.quick).map((c) => c.body);

describe('the quick search', () => {
  const input = () => screen.getByRole('combobox');

  it('searches non-empty text only, and emptying clears the options', async () => {
    const server = serve(0);
    renderRoutes([{ path: '/', element: <QuickSearch /> }, { path: '/monitor/onlineMonitoring', element: <p>monitoring</p> }], '/');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '   ' } });
    await new Promise((r) => setTimeout(r, 400));
    expect(searches(server)).toHaveLength(0);

    fireEvent.change(input(), { target: { value: '8600' } });
    expect(await screen.findByText('设备监控')).toBeTruthy();
    expect(screen.getByText('860000000001')).toBeTruthy();
    expect(searches(server)).toEqual([{ quickParam: '8600' }]);

    fireEvent.change(input(), { target: { value: '' } });
    // The list shuts (jsdom runs no closing animation, so its last content may linger in the DOM).
    await waitFor(() => expect(input().getAttribute('aria-expanded')).toBe('false'));
    // Typing again shows nothing old while the new answer is awaited.
    fireEvent.change(input(), { target: { value: '9' } });
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).toBeNull();
    expect(searches(server)).toHaveLength(1);
  });

  it('says 搜索中… from the first key until the answer, never 没有匹配 first', async () => {
    const server = fakeServer([answer(QuickSearchCalls.quick, { warnList: { list: [] }, devList: { list: [] } })]);
    renderRoutes([{ path: '/', element: <QuickSearch /> }], '/');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'zz' } });
    // Inside the pause before the request is sent: nothing has been asked yet.
    expect(await screen.findByText('搜索中…')).toBeTruthy();
    expect(screen.queryByText('没有匹配的设备或预警')).toBeNull();
    expect(searches(server as ReturnType<typeof serve>)).toHaveLength(0);
    expect(await screen.findByText('没有匹配的设备或预警')).toBeTruthy();
    expect(screen.queryByText('搜索中…')).toBeNull();
  });

  it('opens online monitoring for a chosen device', async () => {
    serve(0);
    const { router } = renderRoutes([{ path: '/', element: <QuickSearch /> }, { path: '/monitor/onlineMonitoring', element: <p>monitoring</p> }], '/');
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: '8600' } });
    fireEvent.click(await screen.findByText('860000000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/onlineMonitoring'));
    expect(router.state.location.search).toBe('?deviceNumber=860000000001&monitor=dev');
  });

  it('after a choice, keeps the focus and shows the list again for the next text typed', async () => {
    const server = serve(0);
    // The top bar stays while the page under it changes.
    const shell = { path: '/', element: <><QuickSearch /><Outlet /></>, children: [{ path: 'monitor/onlineMonitoring', element: <p>monitoring</p> }] };
    const { router } = renderRoutes([shell], '/');
    input().focus();
    fireEvent.change(input(), { target: { value: '8600' } });
    fireEvent.click(await screen.findByText('860000000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/monitor/onlineMonitoring'));
    expect(document.activeElement).toBe(input());
    expect(input().getAttribute('aria-expanded')).toBe('false');

    // The box never lost the focus: typing again searches and opens the list with the new answer.
    fireEvent.change(input(), { target: { value: '浙A1' } });
    await waitFor(() => expect(searches(server)).toEqual([{ quickParam: '8600' }, { quickParam: '浙A1' }]));
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('设备监控')).toBeTruthy();
  });
});

describe('the ticker list', () => {
  it('puts a live warning on top once, keeping at most 20', () => {
    const w = (id: number) => ({ id }) as Parameters<typeof prependWarning>[1];
    const list = Array.from({ length: 20 }, (_, i) => w(i + 1));
    const next = prependWarning(list, w(5));
    expect(next.map((x) => x.id).slice(0, 3)).toEqual([5, 1, 2]);
    expect(next).toHaveLength(20);
    expect(next.filter((x) => x.id === 5)).toHaveLength(1);
    expect(prependWarning(list, w(99))).toHaveLength(20);
  });
});
