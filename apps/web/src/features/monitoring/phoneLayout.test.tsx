import { DeptCalls, MonitorCalls, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { DeviceStore } from '../../components/map/layers/deviceStore';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { MapLegend } from './MapLegend';
import { MonitorPanel } from './MonitorPanel';
import { parseMonitorQuery } from './monitorQuery';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions: ['monitor:view'], deptId: 1, deptName: 'd', roleName: 'x' };
const menu: Menu = { nodes: [], pages: [], denied: new Set() };

/** A 390 px phone: only the phone query matches (antd's own queries stay desktop). */
function onPhone() {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...real(query), matches: query.includes('575.98px') }));
}

function showPanel() {
  fakeServer([
    answer(DeptCalls.tree, [{ id: 1, parentId: null, name: '华信汽车金融有限公司', kind: 'finance', city: null, disabled: false, children: [] }]),
    answer(MonitorCalls.search, [{ deviceNumber: '138000010001', deviceKind: 1, state: 'parked', plateNumber: '浙A590P8', carFrameNumber: null, customerName: null }]),
  ]);
  const onChange = vi.fn();
  const panel = (
    <SessionContext value={{ user, menu }}>
      <MonitorPanel store={new DeviceStore()} view={parseMonitorQuery(new URLSearchParams())} onChange={onChange} />
      <MapLegend />
    </SessionContext>
  );
  renderRoutes([{ path: '/', element: panel }], '/');
  return onChange;
}

const panelShown = () => screen.queryByRole('complementary', { name: '监控面板' }) !== null;
/** The legend's words, or null while it waits behind its button. */
const legend = () => document.querySelector('div.monitor-legend')?.textContent ?? null;

describe('the monitoring map on a phone', () => {
  it('starts with the panel folded and the legend behind a button, so the map is in view', async () => {
    onPhone();
    showPanel();
    expect(await screen.findByRole('button', { name: '展开面板' })).toBeTruthy();
    expect(panelShown()).toBe(false);
    expect(legend()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /图例/ }));
    expect(legend()).toContain('行驶');
    fireEvent.click(screen.getByRole('button', { name: '收起图例' }));
    expect(legend()).toBeNull();
  });

  it('opens the panel to find a device, folds it once one is picked, and folds it on request', async () => {
    onPhone();
    const onChange = showPanel();
    fireEvent.click(await screen.findByRole('button', { name: '展开面板' }));
    expect(panelShown()).toBe(true);
    expect(await screen.findByText('华信汽车金融有限公司')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: '设备号 / 车牌 / 车架号 / 客户 / 手机号' }), { target: { value: '1380' } });
    const options = await screen.findAllByText('138000010001');
    fireEvent.click(options.find((o) => o.closest('.ant-select-item-option'))!);
    expect(onChange).toHaveBeenCalledWith({ deviceNumber: '138000010001', focus: true });
    await waitFor(() => expect(panelShown()).toBe(false));

    fireEvent.click(screen.getByRole('button', { name: '展开面板' }));
    fireEvent.click(screen.getByRole('button', { name: '收起面板' }));
    expect(panelShown()).toBe(false);
  });

  it('keeps the panel and the legend open beside the map on a wider screen', async () => {
    showPanel();
    expect(await screen.findByRole('complementary', { name: '监控面板' })).toBeTruthy();
    expect(legend()).toContain('行驶');
    expect(screen.queryByRole('button', { name: /图例/ })).toBeNull();
  });
});
