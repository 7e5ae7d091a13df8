import { FieldCalls, type FieldView } from '@cvrisk/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer } from '../../test/fakeServer';
import { jsonReply, renderRoutes } from '../../test/renderWithProviders';
import { routes } from '../../app/router/router';
import { FieldLinkPage } from './FieldLinkPage';

vi.mock('../../components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const TOKEN = 'a'.repeat(43);

const view: FieldView = {
  caseNo: 'R20261129-000012',
  plateNumber: '浙A12345',
  brand: '大众',
  expiresAt: '2026-11-30 08:00:00',
  positions: [{ deviceNumber: '865253061441142', lng: 120.16, lat: 30.27, speed: 0, time: '2026-11-29 08:00:00', address: '杭州市西湖区文三路', online: true }],
  stops: [{ startTime: '2026-11-29 06:00:00', endTime: null, minutes: 120, lng: 120.16, lat: 30.27, address: '杭州市西湖区文三路' }],
};

/** The browser's EventSource, driven by the test: `emit` delivers a named event. */
class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function open(reply: Parameters<typeof answer<typeof FieldCalls.view>>[1], token = TOKEN) {
  vi.stubGlobal('EventSource', FakeEventSource);
  const server = fakeServer([answer(FieldCalls.view, reply)]);
  renderRoutes([{ path: '/field/:token', element: <FieldLinkPage /> }], `/field/${token}`);
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.last = null;
});

describe('FieldLinkPage', () => {
  it('shows the car, where it is, its stops, the link’s expiry and a navigation button in GCJ-02', async () => {
    const server = open(view);
    expect(await screen.findByText('浙A12345')).toBeTruthy();
    expect(server.sent(FieldCalls.view)[0]!.body).toEqual({ token: TOKEN });
    expect(screen.getByText('链接有效至 2026-11-30 08:00:00')).toBeTruthy();
    expect(screen.getByText(/2026-11-29 06:00:00 起，停留 2小时/)).toBeTruthy();
    const nav = new URL(screen.getByText('导航').closest('a')!.href);
    expect(nav.origin + nav.pathname).toBe('https://uri.amap.com/marker');
    const [lng, lat] = nav.searchParams.get('position')!.split(',').map(Number);
    // AMap is shifted from WGS-84 by a few hundred metres in Hangzhou: converted, not passed through.
    expect(lng! - 120.16).toBeGreaterThan(0.003);
    expect(lat! - 30.27).toBeLessThan(-0.001);
    expect(nav.searchParams.get('name')).toBe('浙A12345');
    expect(screen.getByText('用其他地图应用打开').closest('a')!.getAttribute('href')).toMatch(/^geo:30\.270000,120\.160000\?q=/);
    expect(FakeEventSource.last!.url).toBe(`/api/field/stream?token=${TOKEN}`);
  });

  it('shows only the server’s words for an expired link, nothing about the car', async () => {
    open(() => jsonReply({ code: 410, msg: '链接已过期' }, 410));
    expect(await screen.findByText('链接已过期')).toBeTruthy();
    expect(screen.queryByText('浙A12345')).toBeNull();
    expect(screen.queryByText('导航')).toBeNull();
    expect(screen.queryByTestId('map')).toBeNull();
    expect(FakeEventSource.last).toBeNull();
  });

  it('moves the car with the live stream and, when the stream says the link is gone, leaves only that', async () => {
    open(view);
    expect(await screen.findByText('杭州市西湖区文三路', { selector: '.field-address' })).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    act(() => FakeEventSource.last!.emit('position', [{ ...view.positions[0]!, lng: 120.2, lat: 30.3, speed: 42, address: '杭州市上城区解放路' }]));
    expect(await screen.findByText('杭州市上城区解放路')).toBeTruthy();
    expect(screen.getByText('42 km/h')).toBeTruthy();
    act(() => FakeEventSource.last!.emit('gone', { reason: 'revoked' }));
    expect(await screen.findByText('链接已被撤销')).toBeTruthy();
    expect(screen.queryByText('浙A12345')).toBeNull();
    expect(screen.queryByText('杭州市上城区解放路')).toBeNull();
    expect(FakeEventSource.last!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('does not even ask the server about a token that cannot be one', async () => {
    const server = open(view, 'short');
    expect(await screen.findByText('链接无效')).toBeTruthy();
    expect(server.sent(FieldCalls.view)).toHaveLength(0);
  });

  it('opens from the console’s own routes without signing in, and without the console around it', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    fakeServer([answer(FieldCalls.view, view)]);
    renderRoutes(routes, `/field/${TOKEN}`);
    expect(await screen.findByText('浙A12345')).toBeTruthy();
    expect(screen.queryByText('账号登录')).toBeNull();
    expect(document.querySelector('.ant-layout-sider, .ant-menu')).toBeNull();
  });
});
