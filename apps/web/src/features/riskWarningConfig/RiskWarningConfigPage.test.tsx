import { DEFAULT_RISK_WARNING_CONFIG, RiskConfigCalls, type RiskConfigReply, type RiskConfigSave, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { RiskWarningConfigPage } from './RiskWarningConfigPage';

const reply = (o: Partial<RiskConfigReply> = {}): RiskConfigReply => ({
  deptId: 2, deptName: '安达融资租赁有限公司', isDefault: false, editable: true,
  config: { ...DEFAULT_RISK_WARNING_CONFIG, offline: { wiredHours: 12, wirelessHours: 72 } },
  defaults: DEFAULT_RISK_WARNING_CONFIG, institutions: [{ id: 2, name: '安达融资租赁有限公司' }], appliesWithinMs: 60_000, ...o,
});

function serve(first: RiskConfigReply) {
  return fakeServer([
    answer(RiskConfigCalls.get, first),
    answer(RiskConfigCalls.save, ({ body }) => ({ ...first, config: (body as RiskConfigSave).config }), { msg: '预警配置已保存，1分钟内生效' }),
  ]);
}

function open() {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions: ['config:edit'], deptId: 2, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes([{ path: '/riskConfig/riskWarningConfig', element: <SessionContext value={{ user, menu }}><RiskWarningConfigPage /></SessionContext> }], '/riskConfig/riskWarningConfig');
}

afterEach(() => vi.unstubAllGlobals());

describe('RiskWarningConfigPage', () => {
  it('shows the institution’s values with the default beside each, and saves what was changed', async () => {
    const { sent } = serve(reply());
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
    expect(sent(RiskConfigCalls.save).map((c) => c.body)).toEqual([{ deptId: 2, config: { ...reply().config, riskPoint: { radiusM: 500, stayMinutes: 30 } } }]);
  });

  it('refuses a value out of bounds before asking the server', async () => {
    const { sent } = serve(reply());
    open();
    const battery = await screen.findByLabelText('电量低于');
    const u = userEvent.setup();
    await u.clear(battery);
    await u.type(battery, '150');
    await u.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('电量低于范围：1–99%')).toBeTruthy();
    expect(sent(RiskConfigCalls.save)).toEqual([]);
  });

  it('is read only for whoever may not change it', async () => {
    serve(reply({ editable: false }));
    open();
    expect(await screen.findByText(/当前为只读/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect((screen.getByLabelText('有线设备离线超过') as HTMLInputElement).disabled).toBe(true);
  });
});
