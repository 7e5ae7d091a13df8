import { VehicleControlCalls, type ControlMappingItem, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { ControlMappingPage } from './ControlMappingPage';

const gt06: ControlMappingItem = {
  model: 'GT06N', method: 'terminalControl', cutCode: 0xf0, restoreCode: 0xf1, controlTypeId: null, cutText: null, restoreText: null, deviceCount: 120, updatedAt: '2026-11-20 10:00:00',
};
const at4: ControlMappingItem = {
  model: 'AT4', method: 'text', cutCode: null, restoreCode: null, controlTypeId: null, cutText: 'RELAY,1#', restoreText: 'RELAY,0#', deviceCount: 3, updatedAt: '2026-11-20 10:00:00',
};

function open(editable: boolean) {
  const server = fakeServer([
    answer(VehicleControlCalls.mappingList, { list: [gt06, at4], unmappedModels: ['X9', 'KM-01'], editable }),
    answer(VehicleControlCalls.mappingSave, gt06, { msg: '断油断电指令映射已保存' }),
    answer(VehicleControlCalls.mappingDelete, null, { msg: '断油断电指令映射已删除' }),
  ]);
  const user: UserInfo = { userId: 1, username: 'admin', realname: '管理员', avatar: '', permissions: ['user:admin'], deptId: 1, deptName: '平台', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  renderRoutes([{ path: '/system/controlMapping', element: <SessionContext value={{ user, menu }}><ControlMappingPage /></SessionContext> }], '/system/controlMapping');
  return server;
}

async function addDialog() {
  await screen.findByText('GT06N');
  fireEvent.click(screen.getByText('新增映射', { selector: 'button *' }));
  const model = await screen.findByLabelText('设备型号');
  return within(model.closest<HTMLElement>('.ant-modal')!);
}

async function chooseMethod(dialog: ReturnType<typeof within>, label: string) {
  fireEvent.mouseDown(dialog.getByLabelText('方式'));
  fireEvent.click(await screen.findByTitle(label));
}

const save = (dialog: ReturnType<typeof within>) => fireEvent.click(dialog.getByText(/^保\s*存$/));

afterEach(() => vi.unstubAllGlobals());

describe('ControlMappingPage', () => {
  it('lists each model’s method and commands (control words in hex) and the models that cannot be immobilised', async () => {
    open(true);
    const row = (await screen.findByText('GT06N')).closest('tr')!;
    expect(within(row).getByText('终端控制 0x8105')).toBeTruthy();
    expect(within(row).getByText('0xF0')).toBeTruthy();
    expect(within(row).getByText('0xF1')).toBeTruthy();
    expect(within(row).getByText('120')).toBeTruthy();
    expect(within(screen.getByText('AT4').closest('tr')!).getByText('RELAY,1#')).toBeTruthy();
    expect(screen.getByText('这些型号不能远程断油断电（还没有指令映射）')).toBeTruthy();
    expect(screen.getByText('KM-01')).toBeTruthy();
  });

  it('is read-only for an administrator outside the platform', async () => {
    open(false);
    const row = (await screen.findByText('GT06N')).closest('tr')!;
    expect(screen.getByText('只有平台管理员可以修改断油断电指令映射')).toBeTruthy();
    expect(within(row).queryByText('修改')).toBeNull();
    expect(screen.queryByText('新增映射', { selector: 'button *' })).toBeNull();
  });

  it('asks for the fields of the chosen method, checks them, and sends only those', async () => {
    const server = open(true);
    const dialog = await addDialog();
    fireEvent.change(dialog.getByLabelText('设备型号'), { target: { value: ' ZX-W20 ' } });
    expect(dialog.getByLabelText('断油断电控制字')).toBeTruthy();
    expect(dialog.queryByLabelText('控制类型 ID')).toBeNull();
    expect(dialog.queryByLabelText('断油断电指令文本')).toBeNull();

    await chooseMethod(dialog, '车辆控制 0x8500');
    const typeId = await dialog.findByLabelText('控制类型 ID');
    fireEvent.change(dialog.getByLabelText('断油断电控制字'), { target: { value: '0x1FF' } });
    fireEvent.change(dialog.getByLabelText('恢复油电控制字'), { target: { value: '1' } });
    fireEvent.change(typeId, { target: { value: '0xF002' } });
    expect(await dialog.findByText('应为 0x00–0xFF 之间的数（十六进制加 0x）')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('断油断电控制字'), { target: { value: '1' } });
    save(dialog);
    expect(await dialog.findByText('断开与恢复的控制字不能相同')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('断油断电控制字'), { target: { value: 'f0' } });
    fireEvent.change(dialog.getByLabelText('恢复油电控制字'), { target: { value: '241' } });
    save(dialog);
    expect(await screen.findByText('断油断电指令映射已保存')).toBeTruthy();
    expect(server.sent(VehicleControlCalls.mappingSave)[0]!.body).toEqual({ model: 'ZX-W20', method: 'vehicleControl', cutCode: 0xf0, restoreCode: 0xf1, controlTypeId: 0xf002 });
  });

  it('switches to command texts for 0x8300 and requires both', async () => {
    const server = open(true);
    const dialog = await addDialog();
    fireEvent.change(dialog.getByLabelText('设备型号'), { target: { value: 'KM-01' } });
    await chooseMethod(dialog, '文本指令 0x8300');
    fireEvent.change(await dialog.findByLabelText('断油断电指令文本'), { target: { value: 'DY,1#' } });
    expect(dialog.queryByLabelText('断油断电控制字')).toBeNull();
    save(dialog);
    expect(await dialog.findByText('请输入指令文本')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('恢复油电指令文本'), { target: { value: 'DY,0#' } });
    save(dialog);
    await waitFor(() => expect(server.sent(VehicleControlCalls.mappingSave)[0]!.body).toEqual({ model: 'KM-01', method: 'text', cutText: 'DY,1#', restoreText: 'DY,0#' }));
  });

  it('deletes a model’s mapping after saying what it stops', async () => {
    const server = open(true);
    const row = (await screen.findByText('GT06N')).closest('tr')!;
    fireEvent.click(within(row).getByText('删除'));
    const confirm = (await screen.findByText('删除型号 GT06N 的映射？之后该型号的 120 台设备不能远程断油断电。')).closest<HTMLElement>('.ant-popconfirm')!;
    fireEvent.click(within(confirm).getByText(/^(OK|确\s*定)$/));
    expect(await screen.findByText('断油断电指令映射已删除')).toBeTruthy();
    expect(server.sent(VehicleControlCalls.mappingDelete)[0]!.body).toEqual({ model: 'GT06N' });
  });
});
