import { DeptCalls, DispatchCalls, type OrderDetail, type Permission } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { DispatchOrderPage } from './DispatchOrderPage';
import { orderOf, sessionOf } from './orderFixtures';

const waiting = orderOf({ id: 101, state: 1 });
const installed = orderOf({ id: 102, state: 4, plateNumber: '粤B88888', installerDeptId: 9, installerName: '广州速装科技', installedAt: '2026-11-24 16:00:00' });
const abnormal = orderOf({ id: 103, state: 6, plateNumber: '粤C66666', abnormalReason: '设备 865253061441142 首次上报距安装地址 8.2 km' });

const detail: OrderDetail = {
  order: installed,
  history: [
    { at: '2026-11-24 10:00:00', userName: '李明辉', action: 'create', fromState: null, toState: 1, reason: null },
    { at: '2026-11-25 10:00:00', userName: null, action: 'abnormal', fromState: 4, toState: 6, reason: '设备24小时未上报' },
  ],
  devices: [{ deviceNumber: '865253061441142', deviceKind: 1, model: 'GT-06', firstReportAt: null, firstReportMetres: null, lastTime: null }],
  files: [],
};

function serve() {
  return fakeServer([
    answer(DeptCalls.tree, []),
    answer(DispatchCalls.list, { list: [waiting, installed], count: 2, stateCounts: { 1: 3, 2: 5, 4: 1 } }),
    answer(DispatchCalls.abnormal, { list: [abnormal], count: 1 }),
    answer(DispatchCalls.detail, detail),
    answer(DispatchCalls.files, []),
    answer(DispatchCalls.audit, { id: 102, state: 5 }, { msg: '审核通过，订单已完成' }),
  ]);
}

function open(permissions: Permission[], entry = '/dispatchOrder/dispatchOrder') {
  const session = sessionOf(permissions);
  return renderRoutes([{ path: '/dispatchOrder/dispatchOrder', element: <SessionContext value={session}><DispatchOrderPage /></SessionContext> }], entry);
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
/** A row's buttons by their words (antd puts a space between two characters). */
const actionsOf = (text: string) => [...rowOf(text).querySelectorAll('button')].map((b) => b.textContent!.replace(/\s/g, ''));

/** Clicks a row's action and waits for its dialog. Plain events and text queries: this page is large for jsdom. */
async function openAction(row: string, action: string, title: string) {
  fireEvent.click([...rowOf(row).querySelectorAll('button')].find((b) => b.textContent!.replace(/\s/g, '') === action)!);
  return (await screen.findByText(title)).closest<HTMLElement>('.ant-modal')!;
}

afterEach(() => vi.unstubAllGlobals());

describe('DispatchOrderPage', () => {
  it('shows the state tabs with their counts and the rows of the list', async () => {
    serve();
    open(['order:dispatch']);
    expect(await screen.findByText('粤B88888')).toBeTruthy();
    expect(screen.getByText('粤A12345')).toBeTruthy();
    // Names of every tab at once: asking for each by role and name is slow on a page this large.
    const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
    await waitFor(() => expect(tabs()).toContain('全部9'));
    expect(tabs()).toEqual(['全部9', '待派单3', '已派单5', '已接单0', '已安装待审核1', '已完成0', '异常0', '已撤销0', '异常订单']);
    // Actions follow the state; 审核 needs order:audit, which this user lacks.
    expect(actionsOf('粤A12345')).toEqual(['详情', '派单', '撤销']);
    expect(actionsOf('粤B88888')).toEqual(['详情']);
  });

  it('a tab asks for its state with the same filters, from page 1, and keeps it in the address', async () => {
    const server = serve();
    const { router } = open(['order:dispatch'], '/dispatchOrder/dispatchOrder?orderType=1&pageNumber=2');
    await screen.findByText('粤B88888');
    fireEvent.click(screen.getAllByRole('tab').find((tab) => tab.textContent!.startsWith('已安装待审核'))!);
    await waitFor(() => expect(router.state.location.search).toBe('?orderType=1&state=4'));
    await waitFor(() => expect(server.sent(DispatchCalls.list).at(-1)!.body).toEqual({ orderType: 1, state: 4, pageNumber: 1, pageSize: 20 }));
  });

  it('lists the abnormal installs with why each is abnormal', async () => {
    const server = serve();
    open(['order:dispatch'], '/dispatchOrder/dispatchOrder?keyword=%E7%B2%A4&view=abnormal');
    expect(await screen.findByText('设备 865253061441142 首次上报距安装地址 8.2 km')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '异常原因' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '异常订单', selected: true })).toBeTruthy();
    expect(server.sent(DispatchCalls.abnormal).map((s) => s.body)).toEqual([{ keyword: '粤', pageNumber: 1, pageSize: 20 }]);
  });

  it('refuses a rejection without a reason', async () => {
    const server = serve();
    open(['order:dispatch', 'order:audit']);
    await screen.findByText('粤B88888');
    expect(actionsOf('粤B88888')).toEqual(['详情', '审核']);
    const dialog = await openAction('粤B88888', '审核', '审核订单 102');
    fireEvent.click(within(dialog).getByText('驳回'));
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(server.sent(DispatchCalls.audit)).toEqual([]);
  });

  it('sends a pass, says what the server said and asks for the list again', async () => {
    const server = serve();
    open(['order:dispatch', 'order:audit']);
    await screen.findByText('粤B88888');
    const dialog = await openAction('粤B88888', '审核', '审核订单 102');
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('审核通过，订单已完成')).toBeTruthy();
    expect(server.sent(DispatchCalls.audit).map((s) => s.body)).toEqual([{ id: 102, pass: true }]);
    await waitFor(() => expect(server.sent(DispatchCalls.list).length).toBeGreaterThan(1));
  });

  it('asks why before revoking', async () => {
    const server = serve();
    open(['order:dispatch']);
    await screen.findByText('粤A12345');
    const dialog = await openAction('粤A12345', '撤销', '撤销订单 101');
    fireEvent.click(within(dialog).getByRole('button', { name: /撤\s*销/ }));
    expect(await within(dialog).findByText('请填写撤销原因')).toBeTruthy();
    expect(server.sent(DispatchCalls.revoke)).toEqual([]);
  });

  it('shows the detail with its history, the server itself as 系统', async () => {
    serve();
    open(['order:dispatch']);
    await screen.findByText('粤B88888');
    fireEvent.click(within(rowOf('粤B88888')).getByText(/详\s*情/));
    const drawer = (await screen.findByText('订单详情 102')).closest<HTMLElement>('.ant-drawer')!;
    expect(await within(drawer).findByText('设备24小时未上报', { exact: false })).toBeTruthy();
    expect(within(drawer).getByText(/系统/)).toBeTruthy();
    expect(within(drawer).getByText('安装异常')).toBeTruthy();
    expect(within(drawer).getByText('安装后未上报')).toBeTruthy();
    expect(await within(drawer).findByText('还没有上传照片或文件')).toBeTruthy();
  });
});
