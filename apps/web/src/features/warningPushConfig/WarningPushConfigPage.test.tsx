import { DeptCalls, PushCalls, WARNING_TYPE_CODES, warningTypeName, type InAppSettings, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { WarningPushConfigPage } from './WarningPushConfigPage';

/** dealer 2's settings: 低电量 off by its institution's choice, the rest on by default. */
function inApp(editable: boolean, own: Partial<Record<number, boolean>> = {}): InAppSettings {
  return {
    deptId: 2, deptName: '星辰4S店', editable,
    list: WARNING_TYPE_CODES.map((type) => {
      const mine = own[type];
      if (mine !== undefined) return { warningType: type, warningTypeName: warningTypeName(type), inApp: mine, source: 'own' as const, sourceDeptName: '星辰4S店', updatedBy: '李明辉', updateTime: '2026-11-22 10:00:00' };
      if (type === 11) return { warningType: type, warningTypeName: warningTypeName(type), inApp: false, source: 'inherited' as const, sourceDeptName: '安达金融', updatedBy: '李明辉', updateTime: '2026-11-20 09:00:00' };
      return { warningType: type, warningTypeName: warningTypeName(type), inApp: true, source: 'default' as const, sourceDeptName: null, updatedBy: null, updateTime: null };
    }),
  };
}

function open(permissions: string[]) {
  const editable = permissions.includes('config:edit');
  let settings = inApp(editable);
  const server = fakeServer([
    answer(PushCalls.list, { list: [], count: 0 }),
    answer(PushCalls.deliveries, { list: [], count: 0 }),
    answer(PushCalls.inApp, () => settings),
    answer(PushCalls.inAppSave, ({ body }) => {
      const b = body as { warningType: number; inApp: boolean | null };
      settings = inApp(editable, b.inApp === null ? {} : { [b.warningType]: b.inApp });
      return settings;
    }, { msg: '已关闭站内推送' }),
    answer(DeptCalls.financial, { id: 1, name: '安达金融', province: null, city: null }),
    answer(DeptCalls.tree, []),
  ]);
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 2, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return { server, ...renderRoutes(
    [{ path: '/risk/warningPushConfig', element: <SessionContext value={{ user, menu }}><WarningPushConfigPage /></SessionContext> }],
    '/risk/warningPushConfig',
  ) };
}

afterEach(() => vi.unstubAllGlobals());

describe('WarningPushConfigPage', () => {
  it('tells an editor to add a webhook with the button they have', async () => {
    open(['warning:view', 'config:edit']);
    expect(await screen.findByText('还没有 Webhook 推送，点击“新增推送”添加')).toBeTruthy();
    expect(screen.getByRole('button', { name: /新增推送/ })).toBeTruthy();
  });

  it('tells an operator without the button who sets webhooks up, not to click it', async () => {
    open(['warning:view']);
    expect(await screen.findByText('还没有 Webhook 推送。推送由有配置权限的人员（管理员）设置，如需推送到贵方系统请联系他们')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增推送/ })).toBeNull();
  });

  it("shows each type's in-app switch of the caller's department, where its value comes from, and saves a change for that department and type", async () => {
    const { server } = open(['warning:view', 'config:edit']);
    const lowBattery = await screen.findByRole('switch', { name: '站内推送 低电量预警' });
    expect(lowBattery.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('沿用“安达金融”')).toBeTruthy();
    expect(screen.getByText('所属金融机构：安达金融')).toBeTruthy();
    expect(server.sent(DeptCalls.financial)[0]!.query).toEqual({ deptid: '2' });

    fireEvent.click(screen.getByRole('switch', { name: '站内推送 长时间停留预警' }));
    await waitFor(() => expect(server.sent(PushCalls.inAppSave).map((s) => s.body)).toEqual([{ deptId: 2, warningType: 6, inApp: false }]));
    const row = (await screen.findByText('本部门设置')).closest('tr')!;
    expect(within(row).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(within(row).getByRole('button', { name: '恢复沿用上级' }));
    await waitFor(() => expect(server.sent(PushCalls.inAppSave).at(-1)!.body).toEqual({ deptId: 2, warningType: 6, inApp: null }));
  });

  it('shows the switches to a reader without letting them change one', async () => {
    open(['warning:view']);
    expect(await screen.findByText('你可以查看站内推送设置，修改需要“配置管理”权限。')).toBeTruthy();
    const switches = (await screen.findAllByRole('switch')).filter((el) => el.getAttribute('aria-label')?.startsWith('站内推送'));
    expect(switches).toHaveLength(11);
    for (const s of switches) expect(s.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: '恢复沿用上级' })).toBeNull();
  });
});
