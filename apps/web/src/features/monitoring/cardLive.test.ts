import { formatTime, type MonitorDevice, type MonitorDeviceCard } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { withLive } from './cardLive';

const T0 = Date.UTC(2025, 0, 2, 2, 0, 0);

const card = {
  id: 5,
  deviceNumber: '13800005',
  deviceKind: 1,
  state: 'parked',
  lastTime: formatTime(T0),
  lng: 120.1,
  lat: 30.2,
  gaodeLng: 120.105,
  gaodeLat: 30.198,
  speed: 0,
  direction: 0,
  address: '浙江省杭州市',
} as MonitorDeviceCard;

const live = (change: Partial<MonitorDevice>): MonitorDevice => ({
  id: 5,
  deviceNumber: '13800005',
  deviceKind: 1,
  state: 'moving',
  deptId: 1,
  plateNumber: null,
  lng: 120.2,
  lat: 30.3,
  speed: 42,
  direction: 90,
  lastTime: T0 + 10_000,
  ...change,
});

describe('withLive', () => {
  it('moves the card to a newer live fix, with the AMap pair recomputed', () => {
    const merged = withLive(card, live({}));
    expect(merged).toMatchObject({ state: 'moving', lng: 120.2, lat: 30.3, speed: 42, direction: 90, lastTime: formatTime(T0 + 10_000), address: '浙江省杭州市' });
    expect(merged.gaodeLng).toBeGreaterThan(120.2);
  });

  it('keeps the card position when the live fix is not newer, but takes the state', () => {
    expect(withLive(card, live({ lastTime: T0, state: 'offline' }))).toEqual({ ...card, state: 'offline' });
    expect(withLive(card, live({ lastTime: T0, state: 'parked' }))).toBe(card);
  });

  it('ignores another device and a missing update', () => {
    expect(withLive(card, live({ id: 6 }))).toBe(card);
    expect(withLive(card, undefined)).toBe(card);
  });
});
