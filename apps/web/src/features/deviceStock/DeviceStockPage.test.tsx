import { DeptCalls, DeviceStockCalls, type StockImportReport, type StockItem, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer, type SentInput } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { DeviceStockPage } from './DeviceStockPage';

const stock: StockItem = {
  id: 11, deviceNumber: '13912340001', deviceKind: 1, model: 'GT06N', iccid: '89860012345678901234', stockState: 'stock', deptId: 3,
  deptName: '杭州宝龙奥迪4S店', financeName: '华信汽车金融有限公司', plateNumber: null, installTime: null, createdAt: '2026-11-26 10:00:00',
  heldByOrder: null, retiredAt: null, retiredBy: null, retireReason: null,
};
const installed: StockItem = { ...stock, id: 12, deviceNumber: '13912340002', stockState: 'installed', plateNumber: '浙A12345', installTime: '2026-11-20 09:00:00' };
const retired: StockItem = { ...stock, id: 13, deviceNumber: '13912340003', stockState: 'retired', retiredAt: '2026-11-25 09:00:00', retiredBy: 'admin', retireReason: '进水损坏' };

const report = (over: Partial<StockImportReport>): StockImportReport => ({
  deptId: 3, deptName: '杭州宝龙奥迪4S店', rows: 2, wired: 1, wireless: 1, imported: 0, problemCount: 0, problems: [], ...over,
});

function open(check: (input: SentInput) => StockImportReport) {
  const server = fakeServer([
    answer(DeptCalls.tree, [{ id: 3, parentId: 2, name: '杭州宝龙奥迪4S店', kind: 'dealer', city: null, disabled: false, children: [] }]),
    answer(DeviceStockCalls.list, { list: [stock, installed, retired], count: 3 }),
    answer(DeviceStockCalls.counts, { stock: 1, installed: 1, retired: 1 }),
    answer(DeviceStockCalls.check, check, { msg: '校验' }),
    answer(DeviceStockCalls.import, report({ imported: 2 }), { msg: '已导入2台设备到杭州宝龙奥迪4S店' }),
    answer(DeviceStockCalls.retire, { retired: 1, removedFromCars: 1 }, { msg: '已报废1台设备，其中1台已从车辆上拆除' }),
  ]);
  const user: UserInfo = { userId: 1, username: 'finance1', realname: '李明辉', avatar: '', permissions: ['device:stock'], deptId: 2, deptName: '华信', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  renderRoutes([{ path: '/system/deviceStock', element: <SessionContext value={{ user, menu }}><DeviceStockPage /></SessionContext> }], '/system/deviceStock?deptId=3');
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('DeviceStockPage', () => {
  it('shows each state with its count as tabs, and lets devices in service be selected, only those in stock for a transfer', async () => {
    const server = open(() => report({}));
    const stockRow = (await screen.findByText('13912340001')).closest('tr')!;
    expect(within(stockRow).getByRole('checkbox')).not.toHaveProperty('disabled', true);
    expect(within(screen.getByText('13912340003').closest('tr')!).getByRole('checkbox')).toHaveProperty('disabled', true);
    fireEvent.click(within(screen.getByText('13912340002').closest('tr')!).getByRole('checkbox'));
    // By text, not role: a role query over the whole page walks every style sheet (docs/decisions.md, "Test time").
    expect(screen.getByText(/调拨（1）/).closest('button')).toHaveProperty('disabled', true);
    expect(screen.getByText(/报废（1）/).closest('button')).toHaveProperty('disabled', false);
    expect(within(screen.getByText('13912340003').closest('tr')!).getByText('已报废')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /库存\s*1/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /全部\s*3/ })).toBeTruthy();
    expect(server.sent(DeviceStockCalls.counts)[0]!.body).toEqual({ deptId: 3 });

    fireEvent.click(screen.getByRole('tab', { name: /已报废/ }));
    await waitFor(() => expect(server.sent(DeviceStockCalls.list).at(-1)!.body).toMatchObject({ deptId: 3, stockState: 'retired', pageNumber: 1 }));
  });

  it('checks a pasted list, shows each bad row, and imports only after a clean check', async () => {
    let round = 0;
    const server = open(() => (round++ === 0
      ? report({ problemCount: 1, problems: [{ row: 2, deviceNumber: '1391234000A', problem: '设备号应为数字（IMEI 15位或终端手机号，最多20位）' }] })
      : report({})));
    fireEvent.click(await screen.findByRole('button', { name: /导入设备/ }));
    const dialog = (await screen.findByText('导入设备到库存')).closest('.ant-modal') as HTMLElement;
    const box = within(dialog).getByPlaceholderText(/013912340001/);
    fireEvent.change(box, { target: { value: '13912340005\tGT06N\t有线\t\n1391234000A\tAT4\t无线\t' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /校\s*验/ }));
    expect(await within(dialog).findByText('1 行有误，未导入任何设备。请修改后重新校验：')).toBeTruthy();
    expect(within(dialog).getByText('设备号应为数字（IMEI 15位或终端手机号，最多20位）')).toBeTruthy();
    expect(server.sent(DeviceStockCalls.check)[0]!.body).toEqual({ deptId: 3, text: '13912340005\tGT06N\t有线\t\n1391234000A\tAT4\t无线\t' });
    expect(server.sent(DeviceStockCalls.import)).toHaveLength(0);

    fireEvent.change(box, { target: { value: '13912340005\tGT06N\t有线\t\n139123400066\tAT4\t无线\t' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /校\s*验/ }));
    expect(await within(dialog).findByText('校验通过：共 2 台（有线 1、无线 1），将导入到 杭州宝龙奥迪4S店')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /导入 2 台/ }));
    expect(await within(dialog).findByText('已导入 2 台设备到 杭州宝龙奥迪4S店')).toBeTruthy();
    expect(server.sent(DeviceStockCalls.import)[0]!.body).toEqual({ deptId: 3, text: '13912340005\tGT06N\t有线\t\n139123400066\tAT4\t无线\t' });
  });

  it('retires an installed device with a reason, after warning that it comes off its car', async () => {
    const server = open(() => report({}));
    const row = (await screen.findByText('13912340002')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: '调拨' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '报废' }));
    const dialog = (await screen.findByText('报废设备')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText(/报废后终端不能再注册上线/)).toBeTruthy();
    expect(within(dialog).getByText('所选设备中有1台已安装在车辆上，报废后将从车辆上拆除')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /报\s*废/ }));
    expect(await within(dialog).findByText('请填写报废原因（至少2个字）')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText(/外壳破损/), { target: { value: '进水损坏' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /报\s*废/ }));
    expect(await screen.findByText('已报废1台设备，其中1台已从车辆上拆除')).toBeTruthy();
    expect(server.sent(DeviceStockCalls.retire)[0]!.body).toEqual({ ids: [12], reason: '进水损坏' });
  });
});
