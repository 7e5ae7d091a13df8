import { DeptCalls, WarningCalls, type UserInfo, type WarningListItem } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { RiskWarningListPage } from './RiskWarningListPage';

const row = (id: number, over: Partial<WarningListItem> = {}): WarningListItem => ({
  id, warningType: 1, warningTypeName: '离线预警', riskLevel: 2, compound: false, dealStatus: 0,
  deviceNumber: `86525306144${id}`, customerName: '王五', customerPhone: '138****0000', warningTime: '2026-03-01 10:00:00',
  plateNumber: null, carFrameNumber: null, carid: null, deptId: 3, deptName: '粤宝', dealTime: null, dealUserName: null, dealDescription: null,
  ...over,
});
const rows = [row(1, { compound: true }), row(2, { dealStatus: 1 }), row(3)];

function open(entry: string, permissions = ['warning:view', 'warning:handle', 'warning:export']) {
  const server = fakeServer([
    answer(WarningCalls.list, { list: rows, count: 3 }),
    answer(WarningCalls.typeDict, []),
    answer(DeptCalls.tree, []),
  ]);
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  const view = renderRoutes(
    [
      { path: '/risk/riskWarning', element: <SessionContext value={{ user, menu }}><RiskWarningListPage /></SessionContext> },
      { path: '/risk/warningDetail', element: <p>detail page</p> },
    ],
    entry,
  );
  return { ...view, ...server };
}

const rowOf = (deviceNumber: string) => screen.getByText(deviceNumber).closest('tr')!;

// jsdom does not scroll; the page keeps the current row in view.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe('RiskWarningListPage', () => {
  it('reads the page the address bar names and marks open compound warnings', async () => {
    const { sent } = open('/risk/riskWarning?dealStatus=0&pageNumber=2');
    expect(await screen.findByText('865253061441')).toBeTruthy();
    expect(sent(WarningCalls.list)[0]?.body).toEqual({ dealStatus: 0, pageNumber: 2, pageSize: 20 });
    expect(screen.getByText('共 3 条')).toBeTruthy();
    expect(rowOf('865253061441').className).toContain('warning-row-compound');
    expect(rowOf('865253061443').className).not.toContain('warning-row-compound');
  });

  it('sorts through the address bar, keeping the filters', async () => {
    const { router, sent } = open('/risk/riskWarning?dealStatus=0');
    await screen.findByText('865253061441');
    fireEvent.click(within(document.querySelector('.ant-table-thead')!).getByText('风险等级'));
    await waitFor(() => expect(router.state.location.search).toBe('?dealStatus=0&sortField=riskLevel&sortOrder=desc'));
    await waitFor(() => expect(sent(WarningCalls.list).at(-1)?.body).toEqual({ dealStatus: 0, sortField: 'riskLevel', sortOrder: 'desc', pageNumber: 1, pageSize: 20 }));
  });

  it('selects open warnings only and offers them to the batch handling', async () => {
    open('/risk/riskWarning');
    await screen.findByText('865253061441');
    const box = (deviceNumber: string) => within(rowOf(deviceNumber)).getByRole('checkbox') as HTMLInputElement;
    expect(box('865253061442').disabled).toBe(true);
    const u = userEvent.setup();
    await u.click(box('865253061441'));
    await u.click(box('865253061443'));
    await u.click(screen.getByRole('button', { name: /处理所选（2）/ }));
    expect(await screen.findByText('批量处理预警')).toBeTruthy();
  });

  it('has no selection without warning:handle', async () => {
    open('/risk/riskWarning', ['warning:view']);
    await screen.findByText('865253061441');
    expect(within(rowOf('865253061441')).queryByRole('checkbox')).toBeNull();
  });

  it('moves a current row with the keyboard and opens its detail with o', async () => {
    const { router } = open('/risk/riskWarning');
    await screen.findByText('865253061441');
    fireEvent.keyDown(window, { key: 'j' });
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(rowOf('865253061442').className).toContain('is-current'));
    fireEvent.keyDown(window, { key: 'o' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/risk/warningDetail'));
    expect(router.state.location.search).toBe('?id=2&deviceNumber=865253061442&warningType=1');
  });
});
