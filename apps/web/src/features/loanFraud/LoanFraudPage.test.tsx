import { CustomerCalls, DeptCalls, type FraudSuggestionItem, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { LoanFraudPage } from './LoanFraudPage';

const suggestion: FraudSuggestionItem = {
  id: 5, customerId: 9, customerName: '于兰晶', customerPhone: '138****1234', deptName4s: '杭州宝龙奥迪4S店', deviceNumber: '138000010042', deviceKind: 1,
  warningType: 2, warningTypeName: '断电预警', warningId: 77, eventTime: '2026-11-03 10:00:00', installTime: '2026-11-01 09:00:00', daysAfterInstall: 2,
  place: '浙江省杭州市西湖区', state: 'pending', decidedBy: null, decidedAt: null, reason: null,
};

function open(entry: string) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions: ['customer:view', 'warning:handle'], deptId: 1, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes([{ path: '/risk/loanFraud', element: <SessionContext value={{ user, menu }}><LoanFraudPage /></SessionContext> }], entry);
}

describe('LoanFraudPage', () => {
  it("shows the engine's suggestion with its evidence and accepts it only with a reason", async () => {
    const server = fakeServer([
      answer(DeptCalls.tree, []),
      answer(CustomerCalls.suggestions, { list: [suggestion], count: 1 }),
      answer(CustomerCalls.decideSuggestion, null, { msg: '已采纳，客户已标记为骗贷客户' }),
    ]);
    open('/risk/loanFraud?tab=suggestions');
    const row = within((await screen.findByText('138000010042')).closest('tr')!);
    expect(server.sent(CustomerCalls.suggestions).map((c) => c.body)).toContainEqual({ state: 'pending', pageNumber: 1, pageSize: 10 });
    expect(row.getByText('断电预警')).toBeTruthy();
    expect(row.getByText('2 天')).toBeTruthy();
    expect(row.getByText('2026-11-01 09:00:00')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(row.getByRole('button', { name: /采\s*纳/ }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByLabelText('原因'), '核实：车已转卖');
    await u.click(within(dialog).getByRole('button', { name: /采\s*纳/ }));
    await waitFor(() => expect(server.sent(CustomerCalls.decideSuggestion)[0]!.body).toEqual({ id: 5, accept: true, reason: '核实：车已转卖' }));
  });

  it('lists flagged customers with who flagged them and why, and how many suggestions wait', async () => {
    fakeServer([
      answer(CustomerCalls.suggestions, { list: [suggestion], count: 3 }),
      answer(DeptCalls.tree, []),
      answer(CustomerCalls.fraudList, {
        list: [{
          customerId: 9, customerName: '于兰晶', customerPhone: '138****1234', idCard: '330102********1234', grade: 'high', gradeName: '高风险', deptId: 3,
          deptName4s: '杭州宝龙奥迪4S店', loan: null, flaggedBy: '张晓燕', flaggedAt: '2026-11-23 10:00:00', reason: '安装后即失联', fromSuggestion: true,
        }],
        count: 1,
      }),
    ]);
    open('/risk/loanFraud');
    const row = within((await screen.findByText('安装后即失联')).closest('tr')!);
    expect(row.getByText('张晓燕')).toBeTruthy();
    expect(row.getByRole('link', { name: '于兰晶' }).getAttribute('href')).toBe('/risk/userPortrait?customerid=9');
    const tab = screen.getByRole('tab', { name: /系统提示/ });
    await waitFor(() => expect(within(tab).getByTitle('3 条提示待处理').textContent).toBe('3'));
  });
});
