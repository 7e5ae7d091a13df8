import type { MonitorDevice } from '@cvrisk/contracts';
import { describe, expect, it, vi } from 'vitest';
import { DeviceStore } from './deviceStore';

const device = (id: number, change: Partial<MonitorDevice> = {}): MonitorDevice => ({
  id, deviceNumber: `D${id}`, deviceKind: 1, state: 'parked', deptId: 1, plateNumber: null,
  lng: 120, lat: 30, speed: 0, direction: 0, lastTime: 1000, ...change,
});

describe('DeviceStore', () => {
  it('merges a live batch over the snapshot and tells whether the clusters must be rebuilt', () => {
    const store = new DeviceStore();
    store.replaceAll([device(1), device(2)]);
    const listener = vi.fn();
    store.subscribe(listener);

    store.apply([device(1, { speed: 5, direction: 90, lastTime: 2000 })], false);
    expect(listener).toHaveBeenLastCalledWith({ positions: false });
    expect(store.get(1)?.speed).toBe(5);

    store.apply([device(2, { lng: 121 })], false);
    expect(listener).toHaveBeenLastCalledWith({ positions: true });

    store.apply([device(2, { lng: 121, state: 'offline' })], false);
    expect(listener).toHaveBeenLastCalledWith({ positions: true });
    expect(store.countByState()).toEqual({ moving: 0, parked: 1, offline: 1, never: 0 });
  });

  it('adds new devices, or keeps them out while a department filter is on', () => {
    const store = new DeviceStore();
    store.replaceAll([device(1)]);
    store.apply([device(3)], true);
    expect(store.size).toBe(1);
    store.apply([device(3)], false);
    expect(store.findByNumber('D3')?.id).toBe(3);
  });

  it('stays quiet for a batch that changes nothing it holds', () => {
    const store = new DeviceStore();
    store.replaceAll([device(1)]);
    const listener = vi.fn();
    store.subscribe(listener);
    store.apply([device(9)], true);
    expect(listener).not.toHaveBeenCalled();
    expect(store.version).toBe(1);
  });

  it('collapses many updates of one device into its latest state', () => {
    const store = new DeviceStore();
    store.replaceAll([]);
    store.apply([device(1, { lastTime: 1 }), device(1, { lastTime: 3, state: 'moving' })], false);
    expect(store.size).toBe(1);
    expect(store.get(1)).toMatchObject({ lastTime: 3, state: 'moving' });
  });
});
