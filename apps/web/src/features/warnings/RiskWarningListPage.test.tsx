import { DeptCalls, HandlingPhraseCalls, WarningCalls, type UserInfo, type WarningListItem } from '@cvrisk/contracts';
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
const rows = [row(1, { compound: true }), row(2, { dealStatus: 1 }), row(3, { warningType: 2, warningTypeName: '断电预警', plateNumber: '粤B12345' })];
const phrases = [
  { warningType: 1 as const, phrases: ['已电话联系客户，车辆正常使用'], isDefault: true },
  { warningType: 2 as const, phrases: ['客户维修车辆或更换电瓶导致断电', '已电话联系客户，车辆正常使用'], isDefault: true },
];

function open(entry: string, permissions = ['warning:view', 'warning:handle', 'warning:export']) {
  const server = fakeServer([
    answer(WarningCalls.list, { list: rows, count: 3 }),
    answer(WarningCalls.typeDict, []),
    answer(DeptCalls.tree, []),
    answer(HandlingPhraseCalls.list, { list: phrases, deptId: 2, deptName: '华信汽车金融有限公司', editable: false, institutions: [{ id: 2, name: '华信汽车金融有限公司' }], anyInstitution: false }),
    answer(WarningCalls.unifyDeal, { ids: [1], count: 1 }, { msg: '处理成功，共处理1条预警' }),
    answer(WarningCalls.unifyDealBatch, { ids: [1, 3], count: 2 }, { msg: '处理成功，共处理2条预警' }),
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
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A 390 px phone: only the phone query matches (antd's own queries stay desktop). */
function onPhone() {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...real(query), matches: query.includes('575.98px') }));
}

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
    await u.click(screen.getByText(/处理所选（2）/).closest('button')!);
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

  it('opens on the unhandled queue, and once 处理状态 is cleared shows every status and says so in the address', async () => {
    const { router, sent } = open('/risk/riskWarning');
    await screen.findByText('865253061441');
    expect(sent(WarningCalls.list)[0]?.body).toEqual({ dealStatus: 0, pageNumber: 1, pageSize: 20 });
    const status = screen.getByLabelText('处理状态').closest('.ant-form-item')!;
    expect(within(status as HTMLElement).getByText('未处理')).toBeTruthy();
    fireEvent.click(status.querySelector('.ant-select-clear')!);
    fireEvent.click(screen.getByText(/^查\s*询$/).closest('button')!);
    await waitFor(() => expect(router.state.location.search).toBe('?dealStatus=all'));
    await waitFor(() => expect(sent(WarningCalls.list).at(-1)?.body).toEqual({ pageNumber: 1, pageSize: 20 }));
    expect(within(status as HTMLElement).queryByText('未处理')).toBeNull();
  });

  it('keeps every status for a link that sets its own filters', async () => {
    const { sent } = open('/risk/riskWarning?deviceNumber=8652');
    await screen.findByText('865253061441');
    expect(sent(WarningCalls.list)[0]?.body).toEqual({ deviceNumber: '8652', pageNumber: 1, pageSize: 20 });
  });

  it('offers the common phrases of the chosen warnings’ types in the batch handling, and sends the picked text', async () => {
    const { sent } = open('/risk/riskWarning');
    await screen.findByText('865253061441');
    const u = userEvent.setup();
    await u.click(within(rowOf('865253061441')).getByRole('checkbox'));
    await u.click(within(rowOf('865253061443')).getByRole('checkbox'));
    await u.click(screen.getByText(/处理所选（2）/).closest('button')!);
    const dialog = await screen.findByRole('dialog');
    const group = await within(dialog).findByRole('group', { name: '常用语' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['已电话联系客户，车辆正常使用', '客户维修车辆或更换电瓶导致断电']);
    // The phrases of the first chosen warning's institution.
    expect(sent(HandlingPhraseCalls.list).at(-1)?.query).toEqual({ warningId: '1' });
    // No administrator: no way to edit them.
    expect(within(dialog).queryByRole('button', { name: /编辑常用语/ })).toBeNull();
    await u.click(within(group).getByRole('button', { name: '客户维修车辆或更换电瓶导致断电' }));
    await u.click(within(group).getByRole('button', { name: '已电话联系客户，车辆正常使用' }));
    const text = within(dialog).getByLabelText('处理内容') as HTMLTextAreaElement;
    expect(text.value).toBe('客户维修车辆或更换电瓶导致断电；已电话联系客户，车辆正常使用');
    // Still free text: the operator adds to it.
    await u.type(text, '，已核实');
    await u.click(within(dialog).getByText('确定处理').closest('button')!);
    await waitFor(() => expect(sent(WarningCalls.unifyDealBatch)).toHaveLength(1));
    expect(sent(WarningCalls.unifyDealBatch)[0]?.body).toEqual({ ids: [1, 3], dealDescription: '客户维修车辆或更换电瓶导致断电；已电话联系客户，车辆正常使用，已核实' });
  });

  it('shows the warnings as cards on a phone, with 处理 and 详情 on each card', async () => {
    onPhone();
    const { router, sent } = open('/risk/riskWarning');
    const cards = await screen.findByRole('list', { name: '风险预警' });
    const items = Array.from(cards.querySelectorAll<HTMLElement>(':scope > li'));
    expect(items).toHaveLength(3);
    const third = within(items[2]!);
    for (const text of ['断电预警', '中', '王五 138****0000', '粤B12345', '865253061443', '2026-03-01 10:00:00', '粤宝', '未处理']) expect(third.getByText(text)).toBeTruthy();
    expect(items[0]!.querySelector('.warning-card-compound')).not.toBeNull();
    // No table and no keyboard hint on a phone; the handled warning has no 处理.
    expect(document.querySelector('.warning-table')).toBeNull();
    expect(within(items[1]!).queryByRole('button', { name: '处 理' })).toBeNull();
    expect(screen.getByText('共 3 条')).toBeTruthy();

    const u = userEvent.setup();
    await u.click(within(items[0]!).getByText(/^处\s*理$/).closest('button')!);
    const dialog = await screen.findByRole('dialog');
    await u.click((await within(dialog).findByText('已电话联系客户，车辆正常使用')).closest('button')!);
    await u.click(within(dialog).getByText('确定处理').closest('button')!);
    await waitFor(() => expect(sent(WarningCalls.unifyDeal)[0]?.body).toEqual({ id: 1, dealDescription: '已电话联系客户，车辆正常使用', warningType: 1, deviceNumber: '865253061441' }));

    await u.click(within(items[2]!).getByText(/^详\s*情$/).closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/risk/warningDetail'));
  });

  it('keeps the phone’s filters in a drawer that searches through the address bar', async () => {
    onPhone();
    const { router } = open('/risk/riskWarning');
    await screen.findByRole('list', { name: '风险预警' });
    const u = userEvent.setup();
    await u.click(screen.getByText('筛选', { selector: 'button span' }).closest('button')!);
    const drawer = await screen.findByRole('dialog');
    await u.click(within(drawer).getByText(/^查\s*询$/).closest('button')!);
    await waitFor(() => expect(router.state.location.search).toBe('?dealStatus=0'));
  });
});
