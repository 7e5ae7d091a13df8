import { IngestCalls, type IntegrationItem, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { IntegrationKeysPage } from './IntegrationKeysPage';

const KEY = 'Zk3q9XbP0mL2vT8wR4yN6cHd';
const active: IntegrationItem = {
  id: 2, name: '车队平台', deptId: 3, deptName: '杭州店', createdAt: '2026-11-20 10:00:00', createdBy: 'admin', keyHint: 'ab12',
  lastUsedAt: '2026-11-26 09:00:00', state: 'active', revokedAt: null, revokedBy: null,
};
const revoked: IntegrationItem = { ...active, id: 1, name: '旧系统', keyHint: 'zz99', lastUsedAt: null, state: 'revoked', revokedAt: '2026-11-21 08:00:00', revokedBy: 'admin' };

function open(list: IntegrationItem[]) {
  const server = fakeServer([
    answer(IngestCalls.listIntegrations, list),
    answer(IngestCalls.createIntegration, { id: 3, name: '放款系统', deptId: 2, apiKey: KEY, keyHint: KEY.slice(-4) }, { msg: '已创建，请妥善保存 API key，它只显示这一次' }),
    answer(IngestCalls.revokeIntegration, { ...active, state: 'revoked', revokedAt: '2026-11-26 10:00:00', revokedBy: 'admin' }, { msg: '已吊销，使用该密钥的对接将立即被拒绝' }),
  ]);
  const user: UserInfo = { userId: 1, username: 'admin', realname: '管理员', avatar: '', permissions: ['user:admin'], deptId: 2, deptName: '平台', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  renderRoutes([{ path: '/system/integrationKeys', element: <SessionContext value={{ user, menu }}><IntegrationKeysPage /></SessionContext> }], '/system/integrationKeys');
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('IntegrationKeysPage', () => {
  it('lists keys by their last four characters, revoked ones marked and without the revoke action', async () => {
    open([active, revoked]);
    const activeRow = (await screen.findByText('车队平台')).closest('tr')!;
    expect(within(activeRow).getByText('…ab12')).toBeTruthy();
    expect(within(activeRow).getByText('有效')).toBeTruthy();
    expect(within(activeRow).getByRole('button', { name: '吊销' })).toBeTruthy();
    const revokedRow = screen.getByText('旧系统').closest('tr')!;
    expect(within(revokedRow).getByText('已吊销')).toBeTruthy();
    expect(within(revokedRow).getByText('从未使用')).toBeTruthy();
    expect(within(revokedRow).queryByRole('button', { name: '吊销' })).toBeNull();
  });

  it('shows a new key once, with the warning, and not after the dialog is closed', async () => {
    const server = open([]);
    expect(await screen.findByText('还没有接口密钥，点击“新建密钥”签发')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新建密钥/ }));
    fireEvent.change(await screen.findByLabelText('名称'), { target: { value: '  放款系统 ' } });
    fireEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    expect(await screen.findByText(KEY)).toBeTruthy();
    expect(screen.getByText(/关闭此窗口后密钥不会再显示/)).toBeTruthy();
    expect(server.sent(IngestCalls.createIntegration)[0]!.body).toEqual({ name: '放款系统' });
    const dialog = screen.getByText(KEY).closest('.ant-modal')!;
    fireEvent.click(screen.getByRole('button', { name: '我已保存' }));
    // jsdom runs no closing animation: the closed dialog stays in the page, leaving (destroyed after it in a browser).
    await waitFor(() => expect(dialog.className).toContain('ant-zoom-leave'));
  });

  it('revokes after confirmation and says so in the server’s words', async () => {
    const server = open([active]);
    fireEvent.click(await screen.findByRole('button', { name: '吊销' }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('已吊销，使用该密钥的对接将立即被拒绝')).toBeTruthy();
    expect(server.sent(IngestCalls.revokeIntegration)[0]!.body).toEqual({ id: 2 });
  });
});
