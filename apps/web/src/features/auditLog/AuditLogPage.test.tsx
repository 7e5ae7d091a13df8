import { AuditCalls, DeptCalls, type AuditItem, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { AuditLogPage } from './AuditLogPage';

const entry: AuditItem = {
  id: 9, at: '2026-11-22 10:15:00', userId: 2, username: 'finance1', realname: '李明辉', deptId: 2, deptName: '华信汽车金融有限公司',
  ip: '10.20.30.40', action: 'riskConfig.save', actionLabel: '修改预警阈值', target: '华信汽车金融有限公司',
  detail: '{"deptId":2,"changes":{"offline.wiredHours":{"before":24,"after":12}}}',
  details: [{ label: '机构', value: '华信汽车金融有限公司' }, { label: '修改 有线设备离线时长(小时)', value: '24 → 12' }],
};

function serve() {
  return fakeServer([
    answer(DeptCalls.tree, []),
    answer(AuditCalls.list, { list: [entry], count: 1 }),
    answer(AuditCalls.download, () => new Response(new Uint8Array([80, 75, 3, 4]), { headers: { 'Content-Type': 'application/octet-stream' } })),
  ]);
}

function open(address: string) {
  const user: UserInfo = { userId: 1, username: 'admin', realname: '管理员', avatar: '', permissions: ['audit:view'], deptId: 1, deptName: '平台', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes([{ path: '/system/auditLog', element: <SessionContext value={{ user, menu }}><AuditLogPage /></SessionContext> }], address);
}

afterEach(() => vi.unstubAllGlobals());

describe('AuditLogPage', () => {
  it('queries with the address bar’s filters and shows who did what, when, from where', async () => {
    const server = serve();
    open('/system/auditLog?action=riskConfig.save&username=fin&beginTime=2026-11-22%2000:00:00&endTime=2026-11-22%2023:59:59');
    const row = within((await screen.findByText('2026-11-22 10:15:00')).closest('tr')!);
    expect(server.sent(AuditCalls.list).map((s) => s.body)[0]).toEqual({
      action: 'riskConfig.save', username: 'fin', beginTime: '2026-11-22 00:00:00', endTime: '2026-11-22 23:59:59', pageNumber: 1, pageSize: 20,
    });
    expect(row.getByText('finance1')).toBeTruthy();
    expect(row.getByText('李明辉')).toBeTruthy();
    expect(row.getByText('10.20.30.40')).toBeTruthy();
    expect(row.getByText('修改预警阈值')).toBeTruthy();
    // The detail reads as lines with names, never the recorded JSON.
    expect(row.getByText('修改 有线设备离线时长(小时)：24 → 12')).toBeTruthy();
    expect(row.getByText('机构：华信汽车金融有限公司')).toBeTruthy();
    expect(document.querySelector('.ant-table-tbody')!.textContent).not.toContain('{');
    const labels = [...document.querySelectorAll('.filter-form .ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['用户', '操作', '所属机构', '时间']);
  });

  it('导出 sends the shown filters without paging', async () => {
    const server = serve();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    open('/system/auditLog?action=export&pageNumber=2');
    await screen.findByText('2026-11-22 10:15:00');
    await userEvent.setup().click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(server.sent(AuditCalls.download).map((s) => s.body)).toEqual([{ action: 'export' }]));
  });
});
