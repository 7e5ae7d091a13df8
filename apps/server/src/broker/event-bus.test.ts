import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandBus } from './command-bus.js';
import { createEventBus } from './event-bus.js';
import { connectBroker, type Broker } from './nats-connection.js';

async function until(what: string, cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!process.env.TEST_NATS_URL)('event and command buses', () => {
  const id = crypto.randomBytes(4).toString('hex');
  // Three processes: one that publishes (a worker or gateway) and two API processes or gateways.
  let brokers: Broker[] = [];

  beforeAll(async () => {
    brokers = await Promise.all(['worker', 'api-1', 'api-2'].map((n) => connectBroker(process.env.TEST_NATS_URL!, `${n}-${id}`)));
  });
  afterAll(async () => {
    await Promise.all(brokers.map((b) => b.close()));
  });

  it('gives every event to every subscriber on every connection', async () => {
    const [worker, api1, api2] = brokers.map((b) => createEventBus(b.nc, { subjectPrefix: `test.${id}.events` }));
    const got1: unknown[] = [];
    const got2: unknown[] = [];
    const other: unknown[] = [];
    api1!.subscribe('warning', (p) => got1.push(p));
    api2!.subscribe('warning', (p) => got2.push(p));
    const off = api2!.subscribe('position', (p) => other.push(p));
    // Subscriptions are registered with the server once each connection has flushed.
    await Promise.all(brokers.slice(1).map((b) => b.nc.flush()));

    worker!.publish('warning', { id: 7, type: 3 });
    worker!.publish('warning', { id: 8, type: 1 });
    await until('both API processes', () => got1.length === 2 && got2.length === 2);
    expect(got1).toEqual([{ id: 7, type: 3 }, { id: 8, type: 1 }]);
    expect(got2).toEqual(got1);
    expect(other).toEqual([]);

    off();
    await brokers[2]!.nc.flush();
    worker!.publish('position', { deviceId: 1 });
    worker!.publish('warning', { id: 9, type: 1 });
    await until('the last warning', () => got2.length === 3);
    expect(other).toEqual([]);
  });

  it('refuses a kind that is not one subject token', () => {
    const bus = createEventBus(brokers[0]!.nc);
    expect(() => bus.subscribe('>', () => undefined)).toThrow();
    expect(() => bus.publish('warning.x', {})).toThrow();
  });

  it('tells every gateway that a command waits, so the one holding the terminal can deliver it', async () => {
    const subject = `test.${id}.cmd.deliver`;
    const api = createCommandBus(brokers[0]!.nc, 'api-1', { subject });
    const heard: [string, string, string, string][] = [];
    for (const [i, gw] of [[1, 'gw-1'], [2, 'gw-2']] as const) {
      createCommandBus(brokers[i]!.nc, gw, { subject }).onAnnounce((r, from) => heard.push([gw, r.deviceNumber, r.kind, from]));
    }
    await Promise.all(brokers.slice(1).map((b) => b.nc.flush()));
    api.announce({ deviceNumber: '13800000042', kind: 'deliver' });
    await until('both gateways', () => heard.length === 2);
    expect(heard.sort()).toEqual([['gw-1', '13800000042', 'deliver', 'api-1'], ['gw-2', '13800000042', 'deliver', 'api-1']]);
  });
});
