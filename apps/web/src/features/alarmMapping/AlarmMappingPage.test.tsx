import { AlarmMappingCalls, type AlarmMappingItem, type UserInfo } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { AlarmMappingPage } from './AlarmMappingPage';

const tamper: AlarmMappingItem = { id: 1, model: 'GT06N', source: 'bit', code: 16, alarmType: 100, alarmTypeName: '拆除报警', updatedAt: '2026-11-20 10:00:00' };
const light: AlarmMappingItem = { id: 2, model: 'AT4', source: 'item', code: 0xe3, alarmType: 101, alarmTypeName: '光感报警', updatedAt: '2026-11-20 10:00:00' };

function open(editable: boolean) {
  const server = fakeServer([
    answer(AlarmMappingCalls.list, { list: [light, tamper], editable }),
    answer(AlarmMappingCalls.save, { ...light, id: 3 }, { msg: '报警映射已保存，对之后收到的上报生效' }),
    answer(AlarmMappingCalls.delete, null, { msg: '报警映射已删除，对之后收到的上报生效' }),
  ]);
  const user: UserInfo = { userId: 1, username: 'admin', realname: '管理员', avatar: '', permissions: ['user:admin'], deptId: 1, deptName: '平台', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  renderRoutes([{ path: '/system/alarmMapping', element: <SessionContext value={{ user, menu }}><AlarmMappingPage /></SessionContext> }], '/system/alarmMapping');
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('AlarmMappingPage', () => {
  it('lists each mapping with its source, bit or item id (items in hex) and alarm name', async () => {
    open(true);
    const lightRow = (await screen.findByText('AT4')).closest('tr')!;
    expect(within(lightRow).getByText('附加信息项')).toBeTruthy();
    expect(within(lightRow).getByText('0xE3')).toBeTruthy();
    expect(within(lightRow).getByText('光感报警')).toBeTruthy();
    const tamperRow = screen.getByText('GT06N').closest('tr')!;
    expect(within(tamperRow).getByText('报警位')).toBeTruthy();
    expect(within(tamperRow).getByText('16')).toBeTruthy();
    expect(within(tamperRow).getByText('修改')).toBeTruthy();
  });

  it('is read-only for an administrator outside the platform: no add, edit or delete', async () => {
    open(false);
    const row = (await screen.findByText('GT06N')).closest('tr')!;
    expect(screen.getByText('只有平台管理员可以修改设备型号报警映射')).toBeTruthy();
    expect(within(row).queryByText('删除')).toBeNull();
    expect(within(row).queryByText('修改')).toBeNull();
    expect(screen.queryByText('新增映射', { selector: 'button *' })).toBeNull();
  });

  it('adds an item mapping typed in hex, after refusing a standard bit as the user types', async () => {
    const server = open(true);
    await screen.findByText('AT4');
    fireEvent.click(screen.getByText('新增映射', { selector: 'button *' }));
    const model = await screen.findByLabelText('设备型号');
    const dialog = within(model.closest<HTMLElement>('.ant-modal')!);
    fireEvent.change(model, { target: { value: ' ZX-W20 ' } });
    fireEvent.change(dialog.getByLabelText('报警位（0–31）'), { target: { value: '8' } });
    expect(await dialog.findByText('位 8 是标准报警位，不能映射')).toBeTruthy();
    fireEvent.click(dialog.getByText('附加信息项'));
    fireEvent.change(await dialog.findByLabelText('附加信息项 ID（十六进制，如 E3）'), { target: { value: 'e3' } });
    fireEvent.mouseDown(dialog.getByLabelText('报警类型'));
    fireEvent.click(await screen.findByTitle('光感报警'));
    fireEvent.click(dialog.getByText(/^(OK|确\s*定)$/));
    expect(await screen.findByText('报警映射已保存，对之后收到的上报生效')).toBeTruthy();
    expect(server.sent(AlarmMappingCalls.save)[0]!.body).toEqual({ model: 'ZX-W20', source: 'item', code: 0xe3, alarmType: 101 });
  });

  it('deletes a row after confirmation', async () => {
    const server = open(true);
    const row = (await screen.findByText('GT06N')).closest('tr')!;
    fireEvent.click(within(row).getByText('删除'));
    const confirm = (await screen.findByText('删除型号 GT06N 的这条映射？之后收到的上报不再据此产生报警。')).closest<HTMLElement>('.ant-popconfirm')!;
    fireEvent.click(within(confirm).getByText(/^(OK|确\s*定)$/));
    expect(await screen.findByText('报警映射已删除，对之后收到的上报生效')).toBeTruthy();
    await waitFor(() => expect(server.sent(AlarmMappingCalls.delete)[0]!.body).toEqual({ id: 1 }));
  });
});
