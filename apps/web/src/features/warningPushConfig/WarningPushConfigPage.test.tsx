import { PushCalls, type UserInfo } from '@cvrisk/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { WarningPushConfigPage } from './WarningPushConfigPage';

function open(permissions: string[]) {
  fakeServer([answer(PushCalls.list, { list: [], count: 0 }), answer(PushCalls.deliveries, { list: [], count: 0 })]);
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 2, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes(
    [{ path: '/risk/warningPushConfig', element: <SessionContext value={{ user, menu }}><WarningPushConfigPage /></SessionContext> }],
    '/risk/warningPushConfig',
  );
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
});
