import { DeptCalls, OnlineCheckCalls, type OnlineCheckCommand, type OnlineCheckItem, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { OnlineCheckPage } from './OnlineCheckPage';

const online: OnlineCheckItem = {
  id: 1, deviceNumber: '138000010042', deviceKind: 1, plateNumber: '浙A33RZ4', carFrameNumber: 'LGBXBBZT2TN959417', customerName: '于兰晶',
  deptName: '杭州宝龙奥迪4S店', lastTime: '2026-11-26 14:58:00', address: '浙江省杭州市拱墅区', onlineState: 'online',
};
const offline: OnlineCheckItem = { ...online, id: 2, deviceNumber: '138000010043', lastTime: '2026-11-20 08:00:00', onlineState: 'offline' };
const never: OnlineCheckItem = { ...online, id: 3, deviceNumber: '865253061441142', deviceKind: 2, lastTime: null, address: null, onlineState: 'never' };
const sent: OnlineCheckCommand = { id: 9, deviceNumber: online.deviceNumber, state: 'sent', reply: null, answeredAt: null, lastTime: null, address: null };
const answered: OnlineCheckCommand = {
  ...sent, state: 'answered', reply: '位置 120.160000,30.290000', answeredAt: '2026-11-26 15:00:03', lastTime: '2026-11-26 15:00:02', address: '浙江省杭州市下城区',
};

/** The states call answers from this list in turn, then keeps giving its last entry. */
function serve(states: OnlineCheckCommand[] = [answered]) {
  let polls = 0;
  return fakeServer([
    answer(DeptCalls.tree, []),
    answer(OnlineCheckCalls.list, {
      list: [online, offline, never], count: 3, notFound: ['NOSUCH001'],
      summary: { total: 3, online: 1, offline: 1, never: 1, onlineRate: 33.3 },
    }),
    answer(OnlineCheckCalls.positionQuery, { sent: 1, skippedOffline: 0, notFound: [], commands: [sent] }, { msg: '已向1台在线设备下发位置查询' }),
    answer(OnlineCheckCalls.queryStates, () => [states[Math.min(polls++, states.length - 1)]!]),
  ]);
}

function open(entry: string, permissions: string[]) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes(
    [{ path: '/onlineCheck/onlineCheck', element: <SessionContext value={{ user, menu }}><OnlineCheckPage /></SessionContext> }],
    entry,
  );
}

const rowOf = (deviceNumber: string) => within(screen.getByText(deviceNumber).closest('tr')!);
// By its label: getByRole weighs every element's styles, which takes seconds over a whole table here.
const queryButton = (deviceNumber: string) => screen.getByLabelText(`查询设备 ${deviceNumber} 的位置`);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OnlineCheckPage', () => {
  it('checks the numbers from the address bar and shows each state, the summary and the numbers not found', async () => {
    const server = serve();
    open('/onlineCheck/onlineCheck?by=numbers&deviceNumbers=138000010042,138000010043,865253061441142,NOSUCH001', ['device:view']);
    expect(await screen.findByText('138000010042')).toBeTruthy();
    expect(server.sent(OnlineCheckCalls.list).map((s) => s.body)).toEqual([
      { by: 'numbers', deviceNumbers: ['138000010042', '138000010043', '865253061441142', 'NOSUCH001'], pageNumber: 1, pageSize: 20 },
    ]);
    expect(rowOf('138000010042').getByText('在线')).toBeTruthy();
    expect(rowOf('138000010042').getByText('浙江省杭州市拱墅区')).toBeTruthy();
    expect(rowOf('138000010043').getByText('离线')).toBeTruthy();
    expect(rowOf('865253061441142').getByText('无线')).toBeTruthy();
    const summary = document.querySelector('.online-check-summary')!;
    expect([...summary.querySelectorAll('.ant-statistic-title')].map((e) => e.textContent)).toEqual(['总数', '在线', '离线', '未上线', '在线率']);
    expect(summary.querySelectorAll('.ant-statistic-content')[4]!.textContent).toBe('33.3%');
    expect(screen.getByText(/未找到的设备号：NOSUCH001/)).toBeTruthy();
    expect((screen.getByPlaceholderText(/粘贴设备号/) as HTMLTextAreaElement).value).toBe('138000010042\n138000010043\n865253061441142\nNOSUCH001');
    // Without device:command there is nothing to query with.
    expect(screen.queryByText('位置查询')).toBeNull();
    expect(screen.queryByText(/查询全部在线设备位置/)).toBeNull();
  });

  it('a search by pasted numbers writes them to the address bar', async () => {
    const server = serve();
    const { router } = open('/onlineCheck/onlineCheck', ['device:view']);
    await screen.findByText('138000010042');
    expect(server.sent(OnlineCheckCalls.list)[0]!.body).toEqual({ by: 'all', pageNumber: 1, pageSize: 20 });
    const u = userEvent.setup();
    await u.click(screen.getByText('按设备号'));
    await u.click(await screen.findByPlaceholderText(/粘贴设备号/));
    await u.paste('138000010042，138000010043\n138000010042');
    expect(await screen.findByText('已识别 2 个设备号（重复的只算一次）')).toBeTruthy();
    await u.click(screen.getByText(/^查\s*询$/).closest('button')!);
    await waitFor(() => expect(router.state.location.search).toBe('?by=numbers&deviceNumbers=138000010042%2C138000010043'));
    await waitFor(() => expect(server.sent(OnlineCheckCalls.list).at(-1)!.body).toEqual({ by: 'numbers', deviceNumbers: ['138000010042', '138000010043'], pageNumber: 1, pageSize: 20 }));
  });

  it('asks for a dealer before checking by dealer', async () => {
    serve();
    open('/onlineCheck/onlineCheck', ['device:view']);
    await screen.findByText('138000010042');
    const u = userEvent.setup();
    await u.click(screen.getByText('按经销商'));
    await u.click(screen.getByText(/^查\s*询$/).closest('button')!);
    expect(await screen.findByText('请选择经销商')).toBeTruthy();
  });

  it('queries one online device and shows the answer in its row as it comes', async () => {
    const server = serve([sent, answered]);
    open('/onlineCheck/onlineCheck', ['device:view', 'device:command']);
    await screen.findByText('138000010042');
    expect(queryButton('138000010043')).toHaveProperty('disabled', true);
    expect(queryButton('865253061441142')).toHaveProperty('disabled', true);
    await userEvent.setup().click(queryButton('138000010042'));
    expect(await screen.findByText('已向1台在线设备下发位置查询')).toBeTruthy();
    expect(server.sent(OnlineCheckCalls.positionQuery).map((s) => s.body)).toEqual([{ by: 'numbers', deviceNumbers: ['138000010042'] }]);
    expect(await rowOf('138000010042').findByText('已发送')).toBeTruthy();
    // The next poll, two seconds on, brings the answer and the place it was given from.
    expect(await rowOf('138000010042').findByText('已应答', undefined, { timeout: 4000 })).toBeTruthy();
    expect(rowOf('138000010042').getByText('2026-11-26 15:00:02')).toBeTruthy();
    expect(rowOf('138000010042').getByText('浙江省杭州市下城区')).toBeTruthy();
    expect(server.sent(OnlineCheckCalls.queryStates).map((s) => s.body)).toEqual([{ commandIds: [9] }, { commandIds: [9] }]);
  });

  it('gives up on a query unanswered after a minute, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serve([sent]);
    open('/onlineCheck/onlineCheck', ['device:view', 'device:command']);
    await screen.findByText('138000010042');
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(queryButton('138000010042'));
    expect(await rowOf('138000010042').findByText('已发送')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(await rowOf('138000010042').findByText('超时')).toBeTruthy();
    const polls = server.sent(OnlineCheckCalls.queryStates).length;
    expect(polls).toBeGreaterThan(20);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.sent(OnlineCheckCalls.queryStates)).toHaveLength(polls);
    expect(queryButton('138000010042')).toHaveProperty('disabled', false);
  });

  it('查询全部在线设备位置 asks first, then sends the current selection', async () => {
    const server = serve();
    open('/onlineCheck/onlineCheck?by=dealer&deptId=5&pageNumber=2', ['device:view', 'device:command']);
    await screen.findByText('138000010042');
    const u = userEvent.setup();
    await u.click(screen.getByText(/查询全部在线设备位置/).closest('button')!);
    expect(await screen.findByText('向当前范围内的 1 台在线设备下发位置查询？')).toBeTruthy();
    expect(server.sent(OnlineCheckCalls.positionQuery)).toEqual([]);
    await u.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(server.sent(OnlineCheckCalls.positionQuery).map((s) => s.body)).toEqual([{ by: 'dealer', deptId: 5 }]));
    expect(await rowOf('138000010042').findByText('已应答')).toBeTruthy();
  });
});
