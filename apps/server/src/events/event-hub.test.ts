import { LIVE_FLUSH_MS, type MonitorDevice } from '@cvrisk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Scope } from '../lib/scope.js';
import { createEventHub, type EventHub, type LiveSink } from './event-hub.js';

/** A response that records what the hub wrote. */
class FakeSink implements LiveSink {
  text = '';
  ended = false;
  destroyed = false;
  writableLength = 0;
  write(chunk: string) {
    this.text += chunk;
  }
  end() {
    this.ended = true;
  }
  destroy() {
    this.destroyed = true;
  }
  /** The device lists of every `devices` event so far. */
  get deviceEvents(): MonitorDevice[][] {
    return this.text
      .split('\n\n')
      .filter((block) => block.startsWith('event: devices\n'))
      .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as MonitorDevice[]);
  }
}

const device = (id: number, deptId: number, speed = 10): MonitorDevice => ({
  id, deviceNumber: String(100000 + id), deviceKind: 1, state: 'moving', deptId, plateNumber: null, lng: 120, lat: 30, speed, direction: 0, lastTime: 1,
});
/** Devices 1–9 belong to department 3, 10–19 to 4, and so on. */
const deptOf = (id: number) => 3 + Math.floor(id / 10);

let hub: EventHub;
let loads: number[][];
let speed: number;
let active: Set<string>;
let errors: unknown[];

beforeEach(() => {
  vi.useFakeTimers();
  loads = [];
  speed = 10;
  active = new Set(['t1', 't2', 't3', 't4']);
  errors = [];
  hub = createEventHub({
    loadDevices: async (ids) => {
      loads.push([...ids].sort((a, b) => a - b));
      return ids.map((id) => device(id, deptOf(id), speed));
    },
    activeSessions: async (hashes) => new Set(hashes.filter((h) => active.has(h))),
    onError: (err) => errors.push(err),
  });
});
afterEach(async () => {
  await hub.close();
  vi.useRealTimers();
  expect(errors).toEqual([]);
});

const dealer: Scope = { kind: 'depts', deptIds: [3] };
const finance: Scope = { kind: 'depts', deptIds: [3, 4] };
const flush = () => vi.advanceTimersByTimeAsync(LIVE_FLUSH_MS);

describe('event hub', () => {
  it('opens a stream with a reconnect hint', () => {
    const sink = new FakeSink();
    hub.connect(sink, { scope: dealer, devices: true, tokenHash: 't1' });
    expect(sink.text).toMatch(/^retry: \d+\n\n/);
  });

  it('coalesces many changes of one device into one entry with its latest state, read once per flush', async () => {
    const sink = new FakeSink();
    hub.connect(sink, { scope: dealer, devices: true, tokenHash: 't1' });
    hub.devicesChanged([1, 2]);
    hub.devicesChanged([1]);
    speed = 55;
    hub.devicesChanged([1]);
    await flush();
    expect(loads).toEqual([[1, 2]]);
    expect(sink.deviceEvents).toEqual([[device(1, 3, 55), device(2, 3, 55)]]);
    await flush();
    expect(sink.deviceEvents).toHaveLength(1);
  });

  it("gives each connection only its scope's devices, and serialises once per scope", async () => {
    const [d1, d1b, f1, all, none] = [new FakeSink(), new FakeSink(), new FakeSink(), new FakeSink(), new FakeSink()];
    hub.connect(d1, { scope: dealer, devices: true, tokenHash: 't1' });
    hub.connect(d1b, { scope: { kind: 'depts', deptIds: [3] }, devices: true, tokenHash: 't2' });
    hub.connect(f1, { scope: finance, devices: true, tokenHash: 't3' });
    hub.connect(all, { scope: { kind: 'all' }, devices: true, tokenHash: 't4' });
    hub.connect(none, { scope: { kind: 'all' }, devices: false, tokenHash: 't4' });
    hub.devicesChanged([1, 12, 25]);
    await flush();
    expect(d1.deviceEvents.flat().map((d) => d.id)).toEqual([1]);
    expect(d1b.text).toBe(d1.text);
    expect(f1.deviceEvents.flat().map((d) => d.id).sort()).toEqual([1, 12]);
    expect(all.deviceEvents.flat().map((d) => d.id).sort()).toEqual([1, 12, 25]);
    expect(none.deviceEvents).toEqual([]);
  });

  it('sends nothing to a scope none of whose devices changed', async () => {
    const sink = new FakeSink();
    hub.connect(sink, { scope: dealer, devices: true, tokenHash: 't1' });
    hub.devicesChanged([15]);
    await flush();
    expect(sink.deviceEvents).toEqual([]);
  });

  it('stops writing to a closed connection and reads nothing while nobody watches', async () => {
    const sink = new FakeSink();
    const disconnect = hub.connect(sink, { scope: dealer, devices: true, tokenHash: 't1' });
    disconnect();
    hub.devicesChanged([1]);
    await flush();
    expect(loads).toEqual([]);
    expect(sink.deviceEvents).toEqual([]);
    expect(hub.connections).toBe(0);
  });

  it('keeps idle streams open with a comment heartbeat', async () => {
    const sink = new FakeSink();
    hub.connect(sink, { scope: dealer, devices: true, tokenHash: 't1' });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sink.text).toContain(': heartbeat\n\n');
  });

  it('cuts off a client that stopped reading', async () => {
    const slow = new FakeSink();
    hub.connect(slow, { scope: dealer, devices: true, tokenHash: 't1' });
    slow.writableLength = 64 * 1024 * 1024;
    hub.devicesChanged([1]);
    await flush();
    expect(slow.destroyed).toBe(true);
    expect(hub.connections).toBe(0);
  });

  it('ends the streams of sessions that were logged out', async () => {
    const [stays, leaves] = [new FakeSink(), new FakeSink()];
    hub.connect(stays, { scope: dealer, devices: true, tokenHash: 't1' });
    hub.connect(leaves, { scope: dealer, devices: true, tokenHash: 't2' });
    active.delete('t2');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(leaves.ended).toBe(true);
    expect(stays.ended).toBe(false);
    expect(hub.connections).toBe(1);
  });

  it('ends every stream when it closes', async () => {
    const sink = new FakeSink();
    hub.connect(sink, { scope: dealer, devices: true, tokenHash: 't1' });
    await hub.close();
    expect(sink.ended).toBe(true);
    const late = new FakeSink();
    hub.connect(late, { scope: dealer, devices: true, tokenHash: 't1' });
    expect(late.ended).toBe(true);
  });
});
