import { CarAnalysisCalls, WarningCalls, WarningDetailCalls, type CarDataAnalysis, type UserInfo, type WarningDetailResult } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiHooks } from '../../api/hooks';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { WarningDetailPage } from './WarningDetailPage';

// jsdom draws no map; the panel's buttons, data and messages are what is tested here.
vi.mock('../../components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const detail: WarningDetailResult = {
  entity: {
    id: 42, warningType: 4, warningTypeName: '二押点预警', riskLevel: 1, compound: true, dealStatus: 0,
    warningTime: '2026-11-20 10:00:00', lastTime: '2026-11-20 12:00:00', customerName: '王建华', customerPhone: '138****5678',
    customerGrade: 'high', customerGradeName: '高风险', brandname: '奥迪', modelname: 'A4L', carFrameNumber: 'LFV2A24G0K3000001',
    plateNumber: '浙A12345', deviceNumber: '860000000000001', deptName4s: '杭州宝龙奥迪4S店', deptName: '华信汽车金融有限公司',
    carid: 7, commonLng: 120.16, commonLat: 30.27, lng: 120.155, lat: 30.274, address: '浙江省杭州市',
    detail: '在典当行「测试典当行」180米内停留2小时', dealUserName: null, dealTime: null, dealDescription: null,
  },
  device: {
    deviceNumber: '860000000000001', deviceKind: 1, state: 'parked', devGaoLng: 120.16, devGaoLat: 30.27, lng: 120.155, lat: 30.274,
    gpsTime: '2026-11-22 09:50:00', speed: 0, address: '浙江省杭州市',
  },
};
const analysis: CarDataAnalysis = {
  useCarArea: [],
  listWeek: [{ commonLng: 120.16, commonLat: 30.27, lng: 120.155, lat: 30.274, commonAddress: '浙江省杭州市', count: 3, totalMinutes: 90 }],
  dayList: [],
  nightList: [],
};

type Routes = Parameters<typeof fakeServer>[0];

function open(routes: Routes, permissions = ['warning:view', 'warning:handle']) {
  const server = fakeServer(routes);
  const user: UserInfo = { userId: 7, username: 'operator1', realname: '张晓燕', avatar: '', permissions, deptId: 1, deptName: 'd', roleName: 'x' };
  const { router } = renderRoutes(
    [
      { path: '/risk/warningDetail', element: <SessionContext value={{ user, menu: { nodes: [], pages: [], denied: new Set() } }}><WarningDetailPage /></SessionContext> },
      { path: '/risk/riskWarning', element: <p>warning list</p> },
    ],
    '/risk/warningDetail?id=42&deviceNumber=860000000000001&warningType=4',
  );
  return { ...server, router };
}

const notPushed = {
  id: 1, deviceNumber: '860000000000001', deviceKind: 1, warningType: 4, warningTypeName: '二押点预警', customerName: '王建华',
  plateNumber: '浙A12345', deptName: '杭州宝龙奥迪4S店', createdByName: '张晓燕', createTime: '2026-11-21 09:00:00',
} as const;

/** The warning's server: the do-not-push state and the handling are kept between calls, as the real one does. */
function server(excluded: { value: boolean }, failToggle = false, handled = { value: false }): Routes {
  const refused = () => jsonReply({ code: 404, msg: '设备不存在' }, 404);
  return [
    answer(WarningDetailCalls.details, (): WarningDetailResult =>
      handled.value
        ? { ...detail, entity: { ...detail.entity, dealStatus: 1, dealUserName: '张晓燕', dealTime: '2026-11-22 10:05:00', dealDescription: '已电话联系客户' } }
        : detail,
    ),
    answer(
      WarningCalls.treat,
      () => {
        handled.value = true;
        return { ids: [42], count: 1 };
      },
      { msg: '处理成功，共处理1条预警' },
    ),
    answer(WarningDetailCalls.notPushConfig, () => ({ entity: excluded.value ? notPushed : null })),
    answer(WarningDetailCalls.nearRiskPoints, []),
    answer(CarAnalysisCalls.analysis, analysis),
    answer(
      WarningDetailCalls.cancelPush,
      () => {
        if (failToggle) return refused();
        excluded.value = true;
        return null;
      },
      { msg: '已取消推送' },
    ),
    answer(
      WarningDetailCalls.restorePush,
      () => {
        if (failToggle) return refused();
        excluded.value = false;
        return null;
      },
      { msg: '已恢复推送' },
    ),
  ];
}

afterEach(() => {
  vi.unstubAllGlobals();
  setApiHooks({ toast: () => {}, relogin: () => {}, forbidden: () => {} });
});

describe('WarningDetailPage', () => {
  it('shows the warning, customer, car, dealer and device fields as tags and text', async () => {
    open(server({ value: false }));
    expect(await screen.findByText('在典当行「测试典当行」180米内停留2小时')).toBeTruthy();
    expect(screen.getByText('二押点预警')).toBeTruthy();
    expect(screen.getByText('高')).toBeTruthy();
    expect(screen.getByText('复合预警')).toBeTruthy();
    expect(screen.getByText('未处理')).toBeTruthy();
    expect(screen.getByText('高风险')).toBeTruthy();
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(screen.getByText('奥迪 A4L')).toBeTruthy();
    expect(screen.getByText('杭州宝龙奥迪4S店')).toBeTruthy();
    expect(screen.getByText('华信汽车金融有限公司')).toBeTruthy();
    expect(screen.getByText('2026-11-22 09:50:00')).toBeTruthy();
    expect(screen.getByText('该预警尚未处理')).toBeTruthy();
  });

  it('reads the do-not-push state from the server, ticks and unticks it, and toasts the server message', async () => {
    const excluded = { value: true };
    const { sent } = open(server(excluded));
    const box = await screen.findByRole('checkbox', { name: '不推送此类预警' });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    fireEvent.click(box);
    expect(await screen.findByText('已恢复推送')).toBeTruthy();
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(sent(WarningDetailCalls.restorePush).map((c) => c.body)).toEqual([{ deviceNumber: '860000000000001', warningType: 4 }]);
    fireEvent.click(box);
    expect(await screen.findByText('已取消推送')).toBeTruthy();
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
  });

  it('goes back to the server state and shows the server message when the toggle fails', async () => {
    const toast = vi.fn();
    setApiHooks({ toast, relogin: () => {}, forbidden: () => {} });
    open(server({ value: false }, true));
    const box = await screen.findByRole('checkbox', { name: '不推送此类预警' });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(box);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('设备不存在'));
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
  });

  it('orders the seven map buttons, starts with the two positions on, and says when a set is empty', async () => {
    open(server({ value: false }));
    const bar = await screen.findByRole('toolbar', { name: '车辆使用分析' });
    const buttons = within(bar).getAllByRole('button');
    expect(buttons.map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['最新位置', '预警位置', '风险点', '本周常用车区域', '疑似工作地点', '疑似居住地点', '本周常停点']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'true', 'false', 'false', 'false', 'false', 'false']);
    await waitFor(() => expect(screen.queryByText('正在分析车辆使用情况…')).toBeNull());
    fireEvent.click(buttons[5]!);
    expect(await screen.findByText('没有疑似居住地点')).toBeTruthy();
    expect(buttons[5]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(buttons[2]!);
    expect(await screen.findByText('预警位置周边没有风险点')).toBeTruthy();
    fireEvent.click(buttons[6]!);
    expect(screen.queryByText('没有常停地点')).toBeNull();
  });

  it('disables the switch and offers no handling to staff who may not handle warnings', async () => {
    open(server({ value: false }), ['warning:view']);
    const box = await screen.findByRole('checkbox', { name: '不推送此类预警' });
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /处\s*理/ })).toBeNull();
  });

  it('handles the warning through the treat dialog and then shows who, when and what', async () => {
    const { sent } = open(server({ value: false }));
    fireEvent.click(await screen.findByRole('button', { name: /处\s*理/ }));
    fireEvent.change(await screen.findByLabelText('处理内容'), { target: { value: '已电话联系客户' } });
    fireEvent.click(screen.getByRole('button', { name: /确定处理/ }));
    // The handling time shows once the detail is read again (the description is in the dialog before that).
    expect(await screen.findByText('2026-11-22 10:05:00')).toBeTruthy();
    const handling = screen.getByText('处理信息').closest('.ant-card') as HTMLElement;
    expect(within(handling).getByText('已电话联系客户')).toBeTruthy();
    expect(screen.getByText('已处理')).toBeTruthy();
    expect(sent(WarningCalls.treat).map((c) => c.body)).toEqual([{ id: 42, dealDescription: '已电话联系客户', warningType: 4, deviceNumber: '860000000000001' }]);
    expect(screen.queryByRole('button', { name: /^处\s*理$/ })).toBeNull();
  });

  const handle = async () => {
    fireEvent.click(await screen.findByRole('button', { name: /处\s*理/ }));
    fireEvent.change(await screen.findByLabelText('处理内容'), { target: { value: '已电话联系客户' } });
    fireEvent.click(screen.getByRole('button', { name: /确定处理/ }));
  };

  it('after handling, offers the next unhandled warning and opens it', async () => {
    const next = {
      id: 57, warningType: 2 as const, warningTypeName: '断电预警', riskLevel: 1 as const, compound: false, dealStatus: 0 as const, deviceNumber: '860000000000009',
      customerName: '李四', customerPhone: '139****0000', warningTime: '2026-11-20 09:30:00', plateNumber: null, carFrameNumber: null, carid: null,
      deptId: 3, deptName: '杭州宝龙奥迪4S店', dealTime: null, dealUserName: null, dealDescription: null,
    };
    const { router, sent } = open([...server({ value: false }), answer(WarningCalls.nextUnhandled, { entity: next })]);
    expect(screen.queryByRole('button', { name: /下一条/ })).toBeNull();
    await handle();
    expect(await screen.findByText('已处理。下一条未处理预警：断电预警 · 设备 860000000000009 · 2026-11-20 09:30:00')).toBeTruthy();
    expect(sent(WarningCalls.nextUnhandled).map((c) => c.query)).toEqual([{ id: '42' }]);
    fireEvent.click(screen.getByRole('button', { name: /下一条/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=57&deviceNumber=860000000000009&warningType=2'));
  });

  it('after handling the last one, says none is left and leads back to the list', async () => {
    const { router } = open([...server({ value: false }), answer(WarningCalls.nextUnhandled, { entity: null })]);
    await handle();
    expect(await screen.findByText('已处理。您的数据范围内已没有其他未处理的预警')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回预警列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/risk/riskWarning'));
  });

  it('shows 无权查看 with a way back, and no retry, for a warning missing or out of scope', async () => {
    open([answer(WarningDetailCalls.details, () => jsonReply({ code: 404, msg: '预警不存在或无权查看' }, 404))]);
    expect(await screen.findByText('无权查看')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回上一页' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /重\s*试/ })).toBeNull();
    expect(screen.queryByText(/加载失败/)).toBeNull();
  });

  it('offers a retry when the detail failed to load for another reason', async () => {
    let fail = true;
    open([...server({ value: false }).filter((r) => r.call !== WarningDetailCalls.details), answer(WarningDetailCalls.details, () => (fail ? jsonReply({ code: 500, msg: '服务器内部错误' }, 500) : detail))]);
    const retry = await screen.findByRole('button', { name: /重\s*试/ });
    expect(screen.queryByText('无权查看')).toBeNull();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('在典当行「测试典当行」180米内停留2小时')).toBeTruthy();
  });

  it("lists the device's other open warnings of this type (what 统一处理 takes along) and the car's counts by type", async () => {
    const same = (id: number, warningTime: string) => ({
      ...detail.entity, id, warningTime, deviceNumber: '860000000000001', customerName: '王建华', customerPhone: '138****5678', plateNumber: '浙A12345',
      carFrameNumber: 'LFV2A24G0K3000001', carid: 7, deptId: 3, deptName: '杭州宝龙奥迪4S店', dealTime: null, dealUserName: null, dealDescription: null,
    });
    const { sent } = open([
      ...server({ value: false }),
      answer(WarningCalls.byDeviceAndType, { list: [same(42, '2026-11-20 10:00:00'), same(40, '2026-11-19 08:00:00')] }),
      answer(WarningCalls.countByCar, {
        total: 5, unhandled: 3,
        list: [
          { warningType: 4, warningTypeName: '二押点预警', total: 3, unhandled: 2 },
          { warningType: 1, warningTypeName: '离线预警', total: 2, unhandled: 1 },
          { warningType: 2, warningTypeName: '断电预警', total: 0, unhandled: 0 },
        ],
      }),
    ]);
    const earlier = await screen.findByRole('link', { name: '2026-11-19 08:00:00' });
    expect(earlier.getAttribute('href')).toBe('/risk/warningDetail?id=40&deviceNumber=860000000000001&warningType=4');
    expect(screen.getByText('当前')).toBeTruthy();
    expect(sent(WarningCalls.byDeviceAndType)[0]!.query).toEqual({ deviceNumber: '860000000000001', warningType: '4' });

    const counts = (await screen.findByText('该车预警统计')).closest('.ant-card') as HTMLElement;
    expect(within(counts).getByText('全部 5')).toBeTruthy();
    expect(within(counts).getByText('未处理 3')).toBeTruthy();
    const offline = within(counts).getByText('离线预警').closest('tr')!;
    expect(within(offline).getAllByRole('cell').map((c) => c.textContent)).toEqual(['离线预警', '2', '1']);
    // A type the car never raised is left out.
    expect(within(counts).queryByText('断电预警')).toBeNull();
    expect(sent(WarningCalls.countByCar)[0]!.query).toEqual({ carid: '7' });
  });
});
