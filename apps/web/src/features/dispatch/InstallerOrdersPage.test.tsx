import { DispatchCalls, type OrderDetail, type OrderState } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../app/session/SessionContext';
import { answer, fakeServer } from '../../test/fakeServer';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { InstallerOrdersPage } from './InstallerOrdersPage';
import { orderOf, sessionOf } from './orderFixtures';

const dispatched = orderOf({ id: 201, state: 2, address: '深圳市南山区科技园南区8栋', installerDeptId: 9, installerName: '速装科技' });
const accepted = orderOf({ id: 202, state: 3, plateNumber: '粤B12345', installerDeptId: 9, installerName: '速装科技', reason: '照片不清晰，请补拍车架号' });
const byState: Partial<Record<OrderState, typeof dispatched>> = { 2: dispatched, 3: accepted };
const detail: OrderDetail = { order: accepted, history: [], devices: [], files: [] };
const BAD_NUMBERS = '设备号 865000000000002 不存在；865000000000003 不是本机构库存';

function serve() {
  return fakeServer([
    answer(DispatchCalls.mine, ({ body }) => {
      const order = byState[(body as { state?: OrderState }).state ?? 1];
      return { list: order ? [order] : [], count: order ? 1 : 0, stateCounts: { 2: 1, 3: 1, 4: 2, 6: 1 } };
    }),
    answer(DispatchCalls.accept, { id: 201, state: 3 }, { msg: '已接单' }),
    answer(DispatchCalls.upload, { id: 1, orderId: 202, fileName: 'car.png', mimeType: 'image/png', size: 3, uploadedAt: '2026-11-25 10:00:00', uploaderName: '速装' }, { msg: '已上传' }),
    answer(DispatchCalls.detail, detail),
    answer(DispatchCalls.setDevices, () => jsonReply({ code: 400, msg: BAD_NUMBERS }, 400)),
  ]);
}

function open(entry = '/dispatchOrder/installerOrders') {
  const session = sessionOf(['order:install']);
  return renderRoutes([{ path: '/dispatchOrder/installerOrders', element: <SessionContext value={session}><InstallerOrdersPage /></SessionContext> }], entry);
}

const cardOf = (text: string | RegExp) => screen.getByText(text).closest<HTMLElement>('.installer-card')!;
const fileInput = (orderId: number) => screen.getByLabelText(`上传订单 ${orderId} 的照片或PDF`) as HTMLInputElement;
const choose = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

afterEach(() => vi.unstubAllGlobals());

describe('InstallerOrdersPage', () => {
  it('shows the orders to accept as cards with the counts of each step, and accepts one', async () => {
    const server = serve();
    open();
    await screen.findByText(/深圳市南山区科技园南区8栋/);
    const card = cardOf(/深圳市南山区科技园南区8栋/);
    expect(within(card).getByText('2026-11-25 09:30:00')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /13800138000/ }).getAttribute('href')).toBe('tel:13800138000');
    expect(within(card).getByText('一有线一无线')).toBeTruthy();
    // 待审核 counts the installed and the abnormal orders.
    expect(screen.getByText('待接单 1')).toBeTruthy();
    expect(screen.getByText('待审核 3')).toBeTruthy();
    expect(server.sent(DispatchCalls.mine).map((s) => (s.body as { state?: number }).state)).toContain(2);

    await userEvent.setup().click(within(card).getByRole('button', { name: /接\s*单/ }));
    await waitFor(() => expect(server.sent(DispatchCalls.accept).map((s) => s.body)).toEqual([{ id: 201 }]));
    expect(await screen.findByText('已接单')).toBeTruthy();
  });

  it('refuses a file that is not an image or PDF, or larger than 10 MB, before sending; sends a photo as base64', async () => {
    const server = serve();
    open('/dispatchOrder/installerOrders?tab=working');
    expect(await screen.findByText('审核驳回：照片不清晰，请补拍车架号')).toBeTruthy();
    choose(fileInput(202), new File(['plain words'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('仅支持图片或PDF，且不超过10MB')).toBeTruthy();
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose(fileInput(202), big);
    await waitFor(() => expect(screen.getAllByText('仅支持图片或PDF，且不超过10MB')).toHaveLength(2));
    expect(server.sent(DispatchCalls.upload)).toEqual([]);

    choose(fileInput(202), new File([new Uint8Array([137, 80, 78])], 'car.png', { type: 'image/png' }));
    await waitFor(() => expect(server.sent(DispatchCalls.upload).map((s) => s.body)).toEqual([{ orderId: 202, fileName: 'car.png', content: 'iVBO' }]));
    expect(await screen.findByText('已上传')).toBeTruthy();
  });

  it('sends the pasted device numbers and shows the server naming the bad ones', async () => {
    const server = serve();
    open('/dispatchOrder/installerOrders?tab=working');
    const u = userEvent.setup();
    await screen.findByText('粤B12345', { exact: false });
    await u.click(within(cardOf('订单 202')).getByRole('button', { name: '登记设备' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByLabelText('设备号'));
    await u.paste('865000000000001, 865000000000002\n865000000000003 865000000000001');
    expect(within(dialog).getByText('共 3 台')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(BAD_NUMBERS)).toBeTruthy();
    expect(server.sent(DispatchCalls.setDevices).map((s) => s.body)).toEqual([
      { id: 202, deviceNumbers: ['865000000000001', '865000000000002', '865000000000003'] },
    ]);
  });
});
