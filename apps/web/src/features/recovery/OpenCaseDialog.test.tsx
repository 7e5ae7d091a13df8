import { CustomerCalls, CustomerDrawCalls, DeptCalls, RecoveryCalls, type CustomerListItem, type OverdueListItem, type Permission, type PortraitCustomer } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { OverdueCustomerPage } from '../overdueCustomers/OverdueCustomerPage';
import { caseOf, listSessionOf, openedOf } from './listFixtures';
import { RecoveryCasesPage } from './RecoveryCasesPage';

const customer: PortraitCustomer = {
  customerId: 5, customerName: '王建华', customerPhone: '138****5678', idCard: '330102********1234', address: '广州市天河区', grade: 'high', gradeName: '高风险',
  fraud: false, fraudReason: null, deptId: 4, deptName4s: '广州粤宝奥迪4S店', deptName: '安达融资租赁有限公司',
  loans: [{ contractNo: 'AD2025001', loanStatus: 'overdue', loanAmount: 200000, termMonths: 36, repaymentDay: 8, startDate: '2025-01-08', overdueDays: 45, overdueAmount: 11111 }],
  cars: [
    { carId: 7, plateNumber: '粤A12345', carFrameNumber: 'LFV2A21K8G3012345', brandName: '奥迪', modelName: 'A6L', color: '黑色', devices: [] },
    { carId: 8, plateNumber: '粤A67890', carFrameNumber: 'LFV2A21K8G3067890', brandName: '大众', modelName: '帕萨特', color: '白色', devices: [] },
  ],
  createdAt: '2025-01-08 10:00:00',
};

const overdueRow: OverdueListItem = {
  customerId: 5, customerName: '王建华', customerPhone: '138****5678', grade: 'high', gradeName: '高风险', deptId: 4, deptName4s: '广州粤宝奥迪4S店',
  contractNo: 'AD2025001', loanAmount: 200000, overdueDays: 45, bucket: 'm2', overdueAmount: 11111, repaymentDay: 8,
  car: { carId: 7, plateNumber: '粤A12345', carFrameNumber: 'LFV2A21K8G3012345', state: 'parked', lastTime: null, lastAddress: null },
  onlineDevices: 1, devices: 2, lastReport: null, unhandledCount: 0,
};

const listed: CustomerListItem = {
  customerId: 5, customerName: '王建华', customerPhone: '138****5678', idCard: '330102********1234', grade: 'high', gradeName: '高风险', fraud: false,
  deptId: 4, deptName4s: '广州粤宝奥迪4S店', deptName: '安达融资租赁有限公司', loan: null, unhandledCount: 0, unhandledByType: [], car: null, carCount: 2,
  createdAt: '2025-01-08 10:00:00',
};

function serve() {
  return fakeServer([
    answer(DeptCalls.tree, []),
    answer(CustomerCalls.gradeDict, []),
    answer(CustomerCalls.overdueList, { list: [overdueRow], count: 1 }),
    answer(CustomerCalls.list, ({ body }) => ((body as { customerName?: string }).customerName === '王建' ? { list: [listed], count: 1 } : { list: [], count: 0 })),
    answer(CustomerDrawCalls.customer, customer),
    answer(RecoveryCalls.list, { list: [], count: 0, stateCounts: {} }),
    answer(RecoveryCalls.teams, [
      { id: 9, name: '广州速追资产管理', financeId: 1, openCases: 2, disabled: false },
      { id: 10, name: '停用的追车公司', financeId: 1, openCases: 0, disabled: true },
    ]),
    answer(RecoveryCalls.open, openedOf(caseOf({ id: 58, caseNo: 'R20261129-000058' }))),
  ]);
}

function open(permissions: Permission[], path: string, page: React.ReactNode) {
  const session = listSessionOf(permissions);
  return renderRoutes(
    [
      { path, element: <SessionContext value={session}>{page}</SessionContext> },
      { path: '/recovery/recoveryCase', element: <p>case page</p> },
    ],
    path,
  );
}

const dialogOf = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: /立\s*案/ }));
const overduePage = () => open(['customer:view', 'recovery:view', 'recovery:manage'], '/risk/overdueCustomer', <OverdueCustomerPage />);

afterEach(() => vi.unstubAllGlobals());

describe('发起追车 from 逾期客户', () => {
  it('is offered only to those who may open cases', async () => {
    serve();
    open(['customer:view', 'recovery:view'], '/risk/overdueCustomer', <OverdueCustomerPage />);
    expect(await screen.findByText('广州粤宝奥迪4S店')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /发起追车/ })).toBeNull();
  });

  it("starts from the loan's overdue days and all the customer's cars, and opens the new case", async () => {
    const server = serve();
    const { router } = overduePage();
    fireEvent.click(await screen.findByRole('button', { name: /发起追车/ }));
    const dialog = await dialogOf('发起追车 · 王建华');
    await waitFor(() => expect(within(dialog).getByLabelText('立案原因')).toHaveProperty('value', '逾期45天'));
    expect(within(dialog).getByLabelText('粤A12345 奥迪')).toHaveProperty('checked', true);
    expect(within(dialog).getByLabelText('粤A67890 大众')).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByLabelText('粤A67890 大众'));
    fireEvent.mouseDown(within(dialog).getByLabelText('追车公司（选填）'));
    fireEvent.click(await screen.findByTitle('广州速追资产管理（进行中 2 件）'));
    submit(dialog);
    await waitFor(() => expect(router.state.location.pathname).toBe('/recovery/recoveryCase'));
    expect(router.state.location.search).toBe('?id=58');
    expect(server.sent(RecoveryCalls.open).map((s) => s.body)).toEqual([{ customerId: 5, source: 'overdue', reason: '逾期45天', carIds: [7], teamDeptId: 9 }]);
    expect(await screen.findByText('已立案：R20261129-000058')).toBeTruthy();
  });

  it('will not open a case without a reason or without a car', async () => {
    const server = serve();
    overduePage();
    fireEvent.click(await screen.findByRole('button', { name: /发起追车/ }));
    const dialog = await dialogOf('发起追车 · 王建华');
    const reason = within(dialog).getByLabelText('立案原因');
    await waitFor(() => expect(reason).toHaveProperty('value', '逾期45天'));
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByLabelText('粤A12345 奥迪'));
    fireEvent.click(within(dialog).getByLabelText('粤A67890 大众'));
    submit(dialog);
    expect(await within(dialog).findByText('请填写立案原因')).toBeTruthy();
    expect(await within(dialog).findByText('请至少选择一辆车')).toBeTruthy();
    expect(server.sent(RecoveryCalls.open)).toEqual([]);
  });
});

describe('新建案件', () => {
  it('asks for the customer first', async () => {
    const server = serve();
    open(['recovery:view', 'recovery:manage', 'customer:view'], '/recovery/recoveryCases', <RecoveryCasesPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新建案件/ }));
    const dialog = await dialogOf('发起追车');
    submit(dialog);
    expect(await within(dialog).findByText('请选择客户')).toBeTruthy();
    expect(await within(dialog).findByText('请填写立案原因')).toBeTruthy();
    expect(server.sent(RecoveryCalls.open)).toEqual([]);
  });

  it('finds the customer by name and opens a case by hand on them', async () => {
    const server = serve();
    open(['recovery:view', 'recovery:manage', 'customer:view'], '/recovery/recoveryCases', <RecoveryCasesPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新建案件/ }));
    const dialog = await dialogOf('发起追车');
    const picker = within(dialog).getByLabelText('客户');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '王建' } });
    fireEvent.click(await screen.findByTitle('王建华 · 138****5678 · 广州粤宝奥迪4S店'));
    await waitFor(() => expect(within(dialog).getByLabelText('立案原因')).toHaveProperty('value', '逾期45天'));
    submit(dialog);
    await waitFor(() => expect(server.sent(RecoveryCalls.open).map((s) => s.body)).toEqual([{ customerId: 5, source: 'manual', reason: '逾期45天', carIds: [7, 8] }]));
    expect(server.sent(CustomerCalls.list).map((s) => s.body)).toEqual([{ customerName: '王建', pageNumber: 1, pageSize: 20 }]);
  });
});
