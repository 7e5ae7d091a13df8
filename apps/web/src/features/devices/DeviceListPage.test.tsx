import type { DeviceListItem, UserInfo } from '@cvrisk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Menu } from '../../app/router/menu';
import { SessionContext } from '../../app/session/SessionContext';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { DeviceListPage } from './DeviceListPage';

const device: DeviceListItem = {
  id: 7, deviceNumber: '865253061441142', deviceKind: 2, model: 'LK-900', iccid: '89860197155955360926', state: 'offline',
  deptId: 3, deptName: '广州粤宝宝马4S店', financeName: '安达融资租赁有限公司', carId: null, carFrameNumber: null,
  plateNumber: null, customerName: null, installTime: '2026-01-05 10:00:00', lastTime: null, lng: null, lat: null, gaodeLng: null, gaodeLat: null,
  speed: null, direction: null, acc: null, battery: null, signal: null, satellites: null,
};

function serve() {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/publicKey') return jsonReply({ code: 200, msg: 'ok', data: { publicKey: '', encrypt: 'off', mockServer: false } });
    if (url.startsWith('/api/dept/getDeptTreeByUserId')) return jsonReply({ code: 200, msg: 'ok', result: [] });
    if (url === '/api/device/getDevList') return jsonReply({ code: 200, msg: 'ok', result: { list: [device], count: 41 } });
    if (url === '/api/device/downloadListFromMiddle')
      return new Response(new Uint8Array([80, 75, 3, 4]), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': "attachment; filename*=UTF-8''%E8%AE%BE%E5%A4%87%E5%9F%BA%E7%A1%80%E4%BF%A1%E6%81%AF.xlsx",
        },
      });
    return jsonReply({ code: 404, msg: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bodiesOf = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([u]) => u === '/api/device/getDevList').map(([, init]) => JSON.parse(String(init!.body)));

function open(entry: string, permissions: string[]) {
  const user: UserInfo = { userId: 7, username: 'u', realname: 'r', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const menu: Menu = { nodes: [], pages: [], denied: new Set() };
  return renderRoutes(
    [{ path: '/report/basicDevice', element: <SessionContext value={{ user, menu }}><DeviceListPage /></SessionContext> }],
    entry,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DeviceListPage', () => {
  it('queries with the filters and page from the address bar and fills the form with them', async () => {
    const fetchMock = serve();
    open('/report/basicDevice?state=offline&customerName=%E7%8E%8B&pageNumber=2', ['device:view']);
    expect(await screen.findByText('865253061441142')).toBeTruthy();
    expect(bodiesOf(fetchMock)[0]).toEqual({ state: 'offline', customerName: '王', pageNumber: 2, pageSize: 20 });
    expect(screen.getByText('共 41 条')).toBeTruthy();
    expect((screen.getByLabelText('客户姓名') as HTMLInputElement).value).toBe('王');
    expect(screen.getByText('安达融资租赁有限公司')).toBeTruthy();
  });

  it('a search writes the filters to the address bar and starts again at page 1', async () => {
    const fetchMock = serve();
    const { router } = open('/report/basicDevice?pageNumber=3', ['device:view']);
    await screen.findByText('865253061441142');
    const u = userEvent.setup();
    await u.click(screen.getByLabelText('设备号'));
    await u.paste(' 8652 ');
    await u.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?deviceNumber=8652'));
    await waitFor(() => expect(bodiesOf(fetchMock).at(-1)).toEqual({ deviceNumber: '8652', pageNumber: 1, pageSize: 20 }));
  });

  it('导出 sends the shown filters without paging and saves the file under the server name', async () => {
    const fetchMock = serve();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    open('/report/basicDevice?state=never&pageNumber=4', ['device:view', 'device:export']);
    await screen.findByText('865253061441142');
    await userEvent.setup().click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(saved).toEqual(['设备基础信息.xlsx']));
    const call = fetchMock.mock.calls.find(([u]) => u === '/api/device/downloadListFromMiddle')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ state: 'never' });
    click.mockRestore();
  });

  it('offers 导出 only to users allowed to export', async () => {
    serve();
    open('/report/basicDevice', ['device:view']);
    const button = await screen.findByRole('button', { name: /导\s*出/ });
    expect(button).toHaveProperty('disabled', true);
  });
});
