import { CommandCalls, DeptCalls, type CommandItem, type DeptNode, type MonitorDeviceCard, type UserInfo } from '@cvrisk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { ApiError } from '../../api/envelope';
import { I18nProvider } from '../../lib/i18n/I18nProvider';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { DeptTree } from './DeptTree';
import { DeviceCard } from './DeviceCard';
import { TrackingState } from './TrackingState';
import { useTempTracking } from './useTempTracking';

afterEach(() => vi.unstubAllGlobals());

const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions: ['monitor:view', 'device:command'], deptId: 1, deptName: 'd', roleName: 'x' };
const menu: Menu = { nodes: [], pages: [], denied: new Set() };
const inSession = (node: ReactNode) => <SessionContext value={{ user, menu }}>{node}</SessionContext>;

const node = (id: number, name: string, kind: DeptNode['kind'], children: DeptNode[] = []): DeptNode => ({ id, parentId: null, name, kind, city: null, disabled: false, children });

describe('the monitoring tree', () => {
  it('shows an installer company as an installer, not as one more dealer', async () => {
    fakeServer([
      answer(DeptCalls.tree, [node(2, '安达融资租赁有限公司', 'finance', [node(3, '杭州宝龙奥迪4S店', 'dealer'), node(4, '安达车联安装服务有限公司', 'installer')])]),
    ]);
    renderRoutes([{ path: '/', element: inSession(<DeptTree value={null} onChange={() => {}} />) }], '/');
    const installer = (await screen.findByText('安达车联安装服务有限公司')).closest('.monitor-dept-node')!;
    expect(installer.textContent).toContain('安装商');
    expect(installer.querySelector('[aria-label="安装商"]')).toBeTruthy();
    const dealer = screen.getByText('杭州宝龙奥迪4S店').closest('.monitor-dept-node')!;
    expect(dealer.querySelector('[aria-label="经销商"]')).toBeTruthy();
    expect(dealer.textContent).not.toContain('安装商');
  });
});

function showCard(error: Error) {
  const retry = vi.fn();
  const close = vi.fn();
  renderRoutes(
    [{ path: '/', element: <DeviceCard deviceNumber="865253061441142" card={undefined} error={error} retry={retry} live={undefined} onPick={() => {}} onClose={close} /> }],
    '/',
  );
  return { retry, close };
}

describe('the device card of a device it cannot show', () => {
  it('says 无权查看 for a device out of scope or missing, with no retry that cannot help', async () => {
    const { close } = showCard(new ApiError({ kind: 'code', code: 404, msg: '设备不存在或无权查看' }, '设备不存在或无权查看'));
    const words = await screen.findByText(/不在您所属部门的数据范围内/, undefined, { timeout: 5000 });
    expect(words.closest('.ant-alert')?.textContent).toContain('无权查看');
    expect(screen.queryByRole('button', { name: /重\s*试/ })).toBeNull();
    screen.getByRole('button', { name: '返回全部设备' }).click();
    expect(close).toHaveBeenCalled();
  });

  it('offers a retry when the load itself failed', async () => {
    const { retry } = showCard(new ApiError({ kind: 'network' }, '网络异常'));
    (await screen.findByRole('button', { name: /重\s*试/ })).click();
    expect(retry).toHaveBeenCalled();
  });
});

const wiredOnline = { deviceKind: 1, state: 'moving' } as MonitorDeviceCard;

describe('real-time tracking says what it sent the terminal', () => {
  it('names the command, its interval and duration, and that leaving stops it', () => {
    const item = { id: 5, state: 'answered' } as CommandItem;
    render(
      <I18nProvider>
        <TrackingState card={wiredOnline} eligible status={{ kind: 'sent', id: 5 }} item={item} />
      </I18nProvider>,
    );
    expect(screen.getByText('临时跟踪：终端加快上报位置')).toBeTruthy();
    expect(screen.getByText('已应答')).toBeTruthy();
    expect(screen.getByText('已向终端下发临时跟踪指令：每10秒上报一次位置，持续30分钟。离开本页即下发停止指令。')).toBeTruthy();
  });

  it('says why the command failed', () => {
    render(
      <I18nProvider>
        <TrackingState card={wiredOnline} eligible status={{ kind: 'failed', reason: '设备离线' }} item={undefined} />
      </I18nProvider>,
    );
    expect(screen.getByText('临时跟踪指令下发失败：设备离线。终端仍按原间隔上报，轨迹会较稀疏。')).toBeTruthy();
  });

  it('sends the tracking command on opening and the stop on leaving', async () => {
    const sentItem: CommandItem = {
      id: 9, deviceNumber: '865253061441142', command: 'tempTracking', params: {}, state: 'sent', reply: null, createdAt: '2026-11-23 10:00:00', sentAt: null, answeredAt: null,
    };
    const { sent } = fakeServer([answer(CommandCalls.send, sentItem), answer(CommandCalls.list, [sentItem])]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nProvider>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </I18nProvider>
    );
    const hook = renderHook(() => useTempTracking('865253061441142', true), { wrapper });
    await waitFor(() => expect(hook.result.current.status).toEqual({ kind: 'sent', id: 9 }));
    expect(sent(CommandCalls.send).map((s) => s.body)).toEqual([{ deviceNumber: '865253061441142', command: 'tempTracking', interval: 10, validity: 1800 }]);
    hook.unmount();
    await waitFor(() => expect(sent(CommandCalls.send)).toHaveLength(2));
    expect(sent(CommandCalls.send)[1]!.body).toEqual({ deviceNumber: '865253061441142', command: 'tempTracking', interval: 0, validity: 1 });
  });
});
