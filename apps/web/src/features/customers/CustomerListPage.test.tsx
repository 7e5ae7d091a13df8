import { CustomerCalls, DeptCalls, type CustomerListItem, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { CustomerListPage } from './CustomerListPage';

const customer: CustomerListItem = {
  customerId: 9, customerName: '于兰晶', customerPhone: '138****1234', idCard: '330102********1234', grade: 'high', gradeName: '高风险', fraud: false,
  deptId: 3, deptName4s: '杭州宝龙奥迪4S店', deptName: '华信汽车金融有限公司',
  loan: { contractNo: 'HX2024100024', loanStatus: 'overdue', loanAmount: 327000, overdueDays: 12, overdueAmount: 9083.33 },
  unhandledCount: 3, unhandledByType: [{ warningType: 2, warningTypeName: '断电预警', count: 2 }, { warningType: 4, warningTypeName: '二押点预警', count: 1 }],
  car: { carId: 42, plateNumber: '浙A33RZ4', carFrameNumber: 'LGBXBBZT2TN959417', state: 'offline', lastTime: '2026-11-23 08:00:00', lastAddress: '浙江省杭州市西湖区' },
  carCount: 1, createdAt: '2026-01-05 10:00:00',
};

function open(entry: string, permissions = ['customer:view', 'warning:handle']) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes([{ path: '/risk/customerList', element: <SessionContext value={{ user, menu }}><CustomerListPage /></SessionContext> }], entry);
}

const serve = () =>
  fakeServer([
    answer(DeptCalls.tree, []),
    answer(CustomerCalls.gradeDict, [{ code: 'high', name: '高风险', nameEn: 'High risk' }]),
    answer(CustomerCalls.list, { list: [customer], count: 1 }),
    answer(CustomerCalls.markFraud, null, { msg: '已标记为骗贷客户' }),
  ]);

describe('CustomerListPage', () => {
  it("asks with the address bar's filters and shows grade, loan, warnings by type and where the car is", async () => {
    const server = serve();
    open('/risk/customerList?grade=high&hasUnhandled=1');
    const row = within((await screen.findByText('浙A33RZ4')).closest('tr')!);
    expect(server.sent(CustomerCalls.list)[0]!.body).toEqual({ grade: 'high', hasUnhandled: 1, pageNumber: 1, pageSize: 20 });
    expect(row.getByText('高风险')).toBeTruthy();
    expect(row.getByText('断电 2')).toBeTruthy();
    expect(row.getByText('浙江省杭州市西湖区')).toBeTruthy();
    expect(row.getByRole('link', { name: '于兰晶' }).getAttribute('href')).toBe('/risk/userPortrait?customerid=9');
  });

  it('sorts on the server from a header click, keeping the filters', async () => {
    const server = serve();
    const { router } = open('/risk/customerList?grade=high');
    await screen.findByText('浙A33RZ4');
    await userEvent.setup().click(screen.getByRole('columnheader', { name: /逾期天数/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sortField=overdueDays'));
    await waitFor(() => expect(server.sent(CustomerCalls.list).at(-1)!.body).toMatchObject({ grade: 'high', sortField: 'overdueDays' }));
  });

  it('flags a customer only with a reason', async () => {
    const server = serve();
    open('/risk/customerList');
    await screen.findByText('浙A33RZ4');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: '标记骗贷' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: '标记骗贷' }));
    expect(await within(dialog).findByText('请填写至少2个字的原因')).toBeTruthy();
    expect(server.sent(CustomerCalls.markFraud)).toHaveLength(0);
    await u.type(within(dialog).getByLabelText('原因'), '安装后即被拆除');
    await u.click(within(dialog).getByRole('button', { name: '标记骗贷' }));
    await waitFor(() => expect(server.sent(CustomerCalls.markFraud)[0]!.body).toEqual({ customerId: 9, fraud: true, reason: '安装后即被拆除' }));
  });

  it('offers no flagging to a role that may not handle warnings', async () => {
    serve();
    open('/risk/customerList', ['customer:view']);
    await screen.findByText('浙A33RZ4');
    expect(screen.queryByRole('button', { name: '标记骗贷' })).toBeNull();
  });

  describe('on a phone', () => {
    let restore = () => {};
    beforeEach(() => {
      const real = window.matchMedia;
      const spy = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...real(query), matches: query.includes('575.98px') }));
      restore = () => spy.mockRestore();
    });
    afterEach(() => restore());

    it('shows each customer as a card with the key figures, headed by the customer and the grade', async () => {
      serve();
      open('/risk/customerList');
      const card = (await screen.findByText('浙A33RZ4')).closest('.list-card-item') as HTMLElement;
      expect(document.querySelector('.ant-table')).toBeNull();
      const facts = Object.fromEntries([...card.querySelectorAll('.card-facts > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]));
      expect(facts['逾期天数']).toBe('12');
      expect(facts['贷款金额']).toBe('¥327,000.00');
      expect(facts['未处理预警']).toContain('断电 2');
      const head = within(card.querySelector('.ant-card-head') as HTMLElement);
      expect(head.getByRole('link', { name: '于兰晶' })).toBeTruthy();
      expect(head.getByText('高风险')).toBeTruthy();
      expect(within(card).getByRole('button', { name: '标记骗贷' })).toBeTruthy();
    });

    it('keeps the filters behind 筛选 with the count of those set; 查询 in the drawer searches and closes it', async () => {
      const server = serve();
      const { router } = open('/risk/customerList?grade=high&hasUnhandled=1');
      await screen.findByText('浙A33RZ4');
      const filters = screen.getByRole('button', { name: /筛选/ });
      expect(filters.closest('.ant-badge')!.textContent).toContain('2');
      const u = userEvent.setup();
      await u.click(filters);
      const drawer = await screen.findByRole('dialog');
      await u.type(within(drawer).getByLabelText('客户姓名'), '于');
      await u.click(within(drawer).getByRole('button', { name: /查\s*询/ }));
      await waitFor(() => expect(router.state.location.search).toContain('customerName='));
      await waitFor(() => expect(server.sent(CustomerCalls.list).at(-1)!.body).toMatchObject({ customerName: '于', grade: 'high' }));
      await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
    });
  });
});
