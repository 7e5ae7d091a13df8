import { CatalogCalls, DispatchCalls, GeoCalls, type GeoPlace, type OrderCar, type UserInfo } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiHooks } from '../../api/hooks';
import { HeaderActions } from '../../app/layout/HeaderActions';
import { QuickDispatchButton } from '../../app/layout/topbar/QuickDispatchButton';
import { SessionContext } from '../../app/session/SessionContext';
import { SettingsProvider } from '../../app/settings/SettingsProvider';
import { answer, fakeServer } from '../../test/fakeServer';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';

// Leaflet draws nothing in jsdom; the map's part (clicks, the pin) is the map components' own business.
vi.mock('../../components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const car: OrderCar = { carId: 9, carFrameNumber: 'LFV3A23C0J3000001', plateNumber: '浙A12345', brandName: '奥迪', carOwnerName: '王伟', deptName: '杭州宝龙奥迪4S店' };
const place: GeoPlace = { name: '浙江省杭州市西湖区文三路90号', fullName: '浙江省杭州市', level: 'poi', lng: 120.1532, lat: 30.2541, source: 'amap' };

function serve(dispatchReply?: () => Response) {
  return fakeServer([
    answer(CatalogCalls.productsList, [{ id: 2, productName: '有线+无线套装', wiredCount: 1, wirelessCount: 1 }]),
    answer(DispatchCalls.searchCars, ({ query }) => (car.carFrameNumber.startsWith(query.keyword!.toUpperCase()) ? [car] : [])),
    answer(GeoCalls.search, ({ query }) => (query.keyword === '文三路' ? [place] : [])),
    answer(GeoCalls.reverse, null),
    answer(DispatchCalls.quickDispatch, dispatchReply ?? { id: 31, state: 2 }, { msg: '派单成功' }),
  ]);
}

/** Filling the whole form in jsdom takes a while on a busy machine. */
const LONG_MS = 40_000;

/** jsdom runs no closing animation: a closed dialog stays in the page, leaving. */
const closing = () => expect(document.querySelector('.ant-modal')?.className).toContain('ant-zoom-leave');

/** Pasting, not typing key by key: the same values reach the form, in a fraction of the renders. */
async function fill(u: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await u.click(field);
  await u.paste(text);
}

async function openDialog() {
  const view = renderRoutes([{ path: '/', element: <QuickDispatchButton /> }], '/');
  const u = userEvent.setup();
  await u.click(screen.getByLabelText('快速派单', { selector: 'button' }));
  const dialog = await screen.findByRole('dialog');
  return { ...view, u, dialog, search: () => within(dialog).getByLabelText('搜索地址，如：杭州市西湖区') };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the quick-dispatch dialog', () => {
  it('opens on an install order with the installer bringing the devices, the search empty', async () => {
    serve();
    const { dialog, search } = await openDialog();
    expect(within(dialog).getByRole('radio', { name: '安装单' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: '维修单' })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('radio', { name: '带货安装' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: '到店安装' })).toHaveProperty('checked', false);
    expect(search()).toHaveProperty('value', '');
    expect(within(dialog).getByLabelText('安装地址')).toHaveProperty('value', '');
  });

  it('takes at most 11 characters of phone and says when it is no mobile number', async () => {
    serve();
    const { u, dialog } = await openDialog();
    const phone = within(dialog).getByLabelText('联系电话');
    await u.type(phone, '138123456789');
    expect(phone).toHaveProperty('value', '13812345678');
    expect(within(dialog).queryByText('请输入正确的手机号码')).toBeNull();
    await u.clear(phone);
    await u.type(phone, '23812345678');
    expect(await within(dialog).findByText('请输入正确的手机号码')).toBeTruthy();
  });

  it('disables reservation days earlier than one day before now', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 18, 10, 0, 0) });
    serve();
    const { u, dialog } = await openDialog();
    await u.click(within(dialog).getByLabelText('预约时间'));
    const cell = (day: string) => document.querySelector(`.ant-picker-dropdown td[title="${day}"]`)!;
    await waitFor(() => expect(cell('2026-03-16')).toBeTruthy());
    expect(cell('2026-03-16').className).toContain('ant-picker-cell-disabled');
    expect(cell('2026-03-10').className).toContain('ant-picker-cell-disabled');
    expect(cell('2026-03-18').className).not.toContain('ant-picker-cell-disabled');
    expect(cell('2026-03-25').className).not.toContain('ant-picker-cell-disabled');
  });

  it('warns on an empty address search and when nothing is found', async () => {
    const { sent } = serve();
    const { u, dialog, search } = await openDialog();
    await u.click(within(dialog).getByRole('button', { name: 'search' }));
    expect(await screen.findByText('请输入地址')).toBeTruthy();
    expect(sent(GeoCalls.search)).toEqual([]);
    await fill(u, search(), '火星基地');
    await u.keyboard('{Enter}');
    expect(await screen.findByText('未找到该地址，请更换关键字')).toBeTruthy();
    expect(sent(GeoCalls.search).map((s) => s.query)).toEqual([{ keyword: '火星基地' }]);
  });

  it('fills brand and owner from the car chosen by frame number', async () => {
    const { sent } = serve();
    const { u, dialog } = await openDialog();
    await u.type(within(dialog).getByRole('combobox', { name: '车架号' }), 'lfv3');
    await u.click(await screen.findByText('浙A12345 · 奥迪 · 王伟 · 杭州宝龙奥迪4S店'));
    expect(within(dialog).getByLabelText('品牌')).toHaveProperty('value', '奥迪');
    expect(within(dialog).getByLabelText('车主姓名')).toHaveProperty('value', '王伟');
    expect(within(dialog).getByRole('combobox', { name: '车架号' })).toHaveProperty('value', 'LFV3A23C0J3000001');
    // Debounced: one question for the whole word typed.
    expect(sent(DispatchCalls.searchCars).map((s) => s.query)).toEqual([{ keyword: 'lfv3' }]);
  });

  it('sends the order, tells the server\'s message, closes and refreshes the order views', async () => {
    const { sent } = serve();
    const { u, dialog, search, queryClient } = await openDialog();
    queryClient.setQueryData(['dispatch', 'list', {}], { list: [], count: 0 });
    await fill(u, within(dialog).getByLabelText('联系人'), '李师傅');
    await fill(u, within(dialog).getByLabelText('联系电话'), '13812345678');
    await fill(u, within(dialog).getByRole('combobox', { name: '车架号' }), 'LFV3A');
    await u.click(await screen.findByText('浙A12345 · 奥迪 · 王伟 · 杭州宝龙奥迪4S店'));
    await fill(u, within(dialog).getByLabelText('预约时间'), '2030-01-02 09:30:00');
    await u.keyboard('{Enter}');
    await u.click(within(dialog).getByRole('combobox', { name: '安装产品' }));
    await u.click(await screen.findByTitle('有线+无线套装'));
    await fill(u, search(), '文三路');
    await u.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByLabelText('安装地址')).toHaveProperty('value', '浙江省杭州市西湖区文三路90号'));

    await u.click(within(dialog).getByText(/^派\s*单$/).closest('button')!);
    expect(await screen.findByText('派单成功')).toBeTruthy();
    expect(sent(DispatchCalls.quickDispatch).map((s) => s.body)).toEqual([{
      realName: '李师傅', phone: '13812345678', carOwnerName: '王伟', reserveTime: '2030-01-02 09:30:00', orderType: 1, brandName: '奥迪',
      carFrameNumber: 'LFV3A23C0J3000001', deviceSource: 1, installProductId: 2, address: '浙江省杭州市西湖区文三路90号', lng: 120.1532, lat: 30.2541,
    }]);
    await waitFor(closing);
    expect(queryClient.getQueryState(['dispatch', 'list', {}])?.isInvalidated).toBe(true);

    await u.click(screen.getByLabelText('快速派单', { selector: 'button' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByLabelText('搜索地址，如：杭州市西湖区')).toHaveProperty('value', '');
    expect(within(again).getByLabelText('安装地址')).toHaveProperty('value', '');
    expect(within(again).getByLabelText('联系人')).toHaveProperty('value', '');
  }, LONG_MS);

  it('sends nothing while a field is missing, and asks for the place on the map', async () => {
    const { sent } = serve();
    const { u, dialog } = await openDialog();
    await u.click(within(dialog).getByText(/^派\s*单$/).closest('button')!);
    expect(await within(dialog).findByText('请输入联系人')).toBeTruthy();
    expect(within(dialog).getByText('请选择安装产品')).toBeTruthy();
    expect(within(dialog).getByText('请选择安装地址')).toBeTruthy();
    await fill(u, within(dialog).getByLabelText('安装地址'), '文三路90号');
    expect(await within(dialog).findByText('请在地图上点击或搜索地址选择安装位置')).toBeTruthy();
    expect(sent(DispatchCalls.quickDispatch)).toEqual([]);
  });

  it('shows the server\'s refusal and stays open', async () => {
    const toast = vi.fn();
    setApiHooks({ toast, relogin: vi.fn(), forbidden: vi.fn() });
    serve(() => jsonReply({ code: 400, msg: '参数错误：车架号不在您的范围内' }, 400));
    const { u, dialog, search } = await openDialog();
    await fill(u, within(dialog).getByLabelText('联系人'), '李师傅');
    await fill(u, within(dialog).getByLabelText('联系电话'), '13812345678');
    await fill(u, within(dialog).getByLabelText('车主姓名'), '王伟');
    await fill(u, within(dialog).getByLabelText('品牌'), '奥迪');
    await fill(u, within(dialog).getByRole('combobox', { name: '车架号' }), 'LFV3A23C0J3999999');
    await fill(u, within(dialog).getByLabelText('预约时间'), '2030-01-02 09:30:00');
    await u.keyboard('{Enter}');
    await u.click(within(dialog).getByRole('radio', { name: '维修单' }));
    await fill(u, search(), '文三路');
    await u.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByLabelText('安装地址')).toHaveProperty('value', '浙江省杭州市西湖区文三路90号'));
    await u.click(within(dialog).getByText(/^派\s*单$/).closest('button')!);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('参数错误：车架号不在您的范围内'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText('派单成功')).toBeNull();
  }, LONG_MS);

  it('opens again with the address search and the form cleared', async () => {
    serve();
    const { u, dialog, search } = await openDialog();
    await fill(u, search(), '文三路');
    await fill(u, within(dialog).getByLabelText('联系人'), '李师傅');
    await u.click(within(dialog).getByRole('radio', { name: '维修单' }));
    await u.click(within(dialog).getByText(/^取\s*消$/).closest('button')!);
    await waitFor(closing);

    await u.click(screen.getByLabelText('快速派单', { selector: 'button' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByLabelText('搜索地址，如：杭州市西湖区')).toHaveProperty('value', '');
    expect(within(again).getByLabelText('联系人')).toHaveProperty('value', '');
    expect(within(again).getByRole('radio', { name: '安装单' })).toHaveProperty('checked', true);
  });
});

describe('the top bar', () => {
  function topBar(permissions: string[], compact: boolean) {
    const user: UserInfo = { userId: 3, username: 'op', realname: '张晓燕', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'r' };
    const session = { user, menu: { nodes: [], pages: [], denied: new Set<string>() } };
    fakeServer([]);
    renderRoutes([{ path: '/', element: <SessionContext value={session}><SettingsProvider><HeaderActions compact={compact} /></SettingsProvider></SessionContext> }], '/');
  }

  it.each([false, true])('offers quick dispatch to those who may dispatch (compact: %s)', (compact) => {
    topBar(['order:dispatch'], compact);
    expect(screen.getByRole('button', { name: '快速派单' })).toBeTruthy();
  });

  it.each([false, true])('offers it to nobody else (compact: %s)', (compact) => {
    topBar(['device:view'], compact);
    expect(screen.queryByRole('button', { name: '快速派单' })).toBeNull();
  });
});
