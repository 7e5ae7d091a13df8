import { CarCalls, CatalogCalls, DeptCalls, type CarDeviceListItem, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { CustomerCarListPage } from './CustomerCarListPage';

const car: CarDeviceListItem = {
  carId: 42, carFrameNumber: 'LGBXBBZT2TN959417', plateNumber: '浙A33RZ4', brandName: '奥迪', modelName: 'A6L', color: '黑',
  customerId: 9, customerName: '于兰晶', customerPhone: '138****1234', idCard: '3301**********1234', deptId: 3,
  deptName4s: '杭州宝龙奥迪4S店', deptName: '华信汽车金融有限公司', loanStatus: 'overdue', loanAmount: null, overdueDays: 12,
  wiredDevices: ['138000010042'], wirelessDevices: [], createdAt: '2026-01-05 10:00:00',
};

function serve() {
  return fakeServer([
    answer(DeptCalls.tree, []),
    answer(CatalogCalls.brands, {
      list: [
        { id: 1, brandName: '宝马', initial: 'B', models: [] },
        { id: 2, brandName: '奥迪', initial: 'A', models: [] },
      ],
      count: 2,
    }),
    answer(CarCalls.list, { list: [car, { ...car, carId: 43, carFrameNumber: 'LSVAB2AZ8NN100043', plateNumber: '浙A00043', wiredDevices: [] }], count: 2 }),
  ]);
}

function open(entry: string) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions: ['car:view'], deptId: 1, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes([{ path: '/risk/cars', element: <SessionContext value={{ user, menu }}><CustomerCarListPage /></SessionContext> }], entry);
}

afterEach(() => vi.unstubAllGlobals());

describe('CustomerCarListPage', () => {
  it('queries with the address bar’s filters and shows each car', async () => {
    const server = serve();
    open('/risk/cars?loanStatus=overdue&customerPhone=138&pageNumber=2');
    const row = within((await screen.findByText('LGBXBBZT2TN959417')).closest('tr')!);
    expect(server.sent(CarCalls.list).map((s) => s.body)[0]).toEqual({ loanStatus: 'overdue', customerPhone: '138', pageNumber: 2, pageSize: 20 });
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('138');
    expect(row.getByText('12')).toBeTruthy();
    expect(row.getByText('138000010042')).toBeTruthy();
    // A car whose devices were all taken off says so.
    expect(within(screen.getByText('LSVAB2AZ8NN100043').closest('tr')!).getByText('无在用设备')).toBeTruthy();
    expect(row.queryByText('无在用设备')).toBeNull();
    const labels = [...document.querySelectorAll('.filter-form .ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(['客户姓名', '手机号', '车架号', '车牌号', '设备号', '所属机构', '品牌', '贷款状态']);
  });

  it('offers the brands by initial and will not search a phone with letters', async () => {
    const server = serve();
    const { router } = open('/risk/cars');
    await screen.findByText('LGBXBBZT2TN959417');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: /展\s*开/ }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '品牌' }));
    await waitFor(() => expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['奥迪', '宝马']));
    await u.type(screen.getByLabelText('手机号'), '13a');
    await u.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('只能输入数字')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(server.sent(CarCalls.list)).toHaveLength(1);
  });
});
