import { DEFAULT_RISK_WARNING_CONFIG, type RiskConfigReply, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { RiskWarningConfigPage } from './RiskWarningConfigPage';

const reply = (o: Partial<RiskConfigReply> = {}): RiskConfigReply => ({
  deptId: 2, deptName: '安达融资租赁有限公司', isDefault: false, editable: true,
  config: { ...DEFAULT_RISK_WARNING_CONFIG, offline: { wiredHours: 12, wirelessHours: 72 } },
  defaults: DEFAULT_RISK_WARNING_CONFIG, institutions: [{ id: 2, name: '安达融资租赁有限公司' }], appliesWithinMs: 60_000, ...o,
});

function serve(first: RiskConfigReply) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/publicKey') return jsonReply({ code: 200, msg: 'ok', data: { publicKey: '', encrypt: 'off', mockServer: false } });
    if (url.startsWith('/api/riskConfig/getRiskWarningConfig')) return jsonReply({ code: 200, msg: 'ok', result: first });
    if (url === '/api/riskConfig/saveRiskWarningConfig') {
      const { config } = JSON.parse(String(init!.body));
      return jsonReply({ code: 200, msg: '预警配置已保存，1分钟内生效', result: { ...first, config } });
    }
    return jsonReply({ code: 404, msg: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function open() {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions: ['config:edit'], deptId: 2, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes([{ path: '/riskConfig/riskWarningConfig', element: <SessionContext value={{ user, menu }}><RiskWarningConfigPage /></SessionContext> }], '/riskConfig/riskWarningConfig');
}

afterEach(() => vi.unstubAllGlobals());

describe('RiskWarningConfigPage', () => {
  it('shows the institution’s values with the default beside each, and saves what was changed', async () => {
    const fetchMock = serve(reply());
    open();
    const wired = (await screen.findByLabelText('有线设备离线超过')) as HTMLInputElement;
    await waitFor(() => expect(wired.value).toBe('12'));
    expect(screen.getAllByText('默认：24 小时').length).toBe(1);
    expect(screen.getByText('默认：离开绑定省份')).toBeTruthy();
    expect(screen.getByText('已自定义')).toBeTruthy();
    const u = userEvent.setup();
    await u.clear(screen.getByLabelText('二押点半径'));
    await u.type(screen.getByLabelText('二押点半径'), '500');
    await u.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('预警配置已保存，1分钟内生效')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/riskConfig/saveRiskWarningConfig')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ deptId: 2, config: { ...reply().config, riskPoint: { radiusM: 500, stayMinutes: 30 } } });
  });

  it('refuses a value out of bounds before asking the server', async () => {
    const fetchMock = serve(reply());
    open();
    const battery = await screen.findByLabelText('电量低于');
    const u = userEvent.setup();
    await u.clear(battery);
    await u.type(battery, '150');
    await u.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('电量低于范围：1–99%')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/riskConfig/saveRiskWarningConfig')).toBe(false);
  });

  it('is read only for whoever may not change it', async () => {
    serve(reply({ editable: false }));
    open();
    expect(await screen.findByText(/当前为只读/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect((screen.getByLabelText('有线设备离线超过') as HTMLInputElement).disabled).toBe(true);
  });
});
