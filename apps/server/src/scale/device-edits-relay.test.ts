import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../broker/event-bus.js';
import { connectBroker, type Broker } from '../broker/nats-connection.js';
import { createDeviceCache } from '../telemetry/pipeline/device-cache.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { forgetEditsFromBus, relayEditsToBus } from './device-edits-relay.js';

/**
 * A device an API process re-binds or creates is read again by a worker's and a gateway's caches:
 * the API process is the test app, the worker and the gateway two more caches on its database.
 */
describe.skipIf(!process.env.TEST_NATS_URL)('device edits relayed from an API process to workers and gateways', () => {
  const id = crypto.randomBytes(4).toString('hex');
  let api: TestApp;
  let brokers: Broker[] = [];
  const stops: (() => void)[] = [];
  const malformed: string[] = [];
  let worker: ReturnType<typeof createDeviceCache>;
  let gateway: ReturnType<typeof createDeviceCache>;

  beforeAll(async () => {
    api = await createTestApp();
    brokers = await Promise.all(['api', 'worker', 'gateway'].map((n) => connectBroker(process.env.TEST_NATS_URL!, `${n}-${id}`)));
    const [apiBus, workerBus, gatewayBus] = brokers.map((b) => createEventBus(b.nc, { subjectPrefix: `test.${id}.events` }));
    worker = createDeviceCache(api.db);
    gateway = createDeviceCache(api.db);
    stops.push(relayEditsToBus(api.telemetry, apiBus!), forgetEditsFromBus(workerBus!, worker, (k) => malformed.push(k)), forgetEditsFromBus(gatewayBus!, gateway, (k) => malformed.push(k)));
    await Promise.all(brokers.map((b) => b.nc.flush()));
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    await Promise.all(brokers.map((b) => b.close()));
    await api.close();
  });

  it('makes a worker read a re-bound device’s new car, and a gateway know a device created after it was refused', async () => {
    const stock = await api.db.selectFrom('device').select(['id', 'device_number', 'dept_id']).where('car_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    const car = await api.db.selectFrom('car').select('id').orderBy('id').executeTakeFirstOrThrow();
    expect((await worker.get(stock.device_number))?.carId).toBeNull();
    const stranger = `86999${id.replace(/\D/g, '7').padEnd(10, '1').slice(0, 10)}`;
    expect(await gateway.get(stranger)).toBeNull();

    await api.db.updateTable('device').set({ car_id: car.id }).where('id', '=', stock.id).execute();
    await api.db.insertInto('device').values({ ...(await api.db.selectFrom('device').selectAll().where('id', '=', stock.id).executeTakeFirstOrThrow()), id: undefined, device_number: stranger, car_id: null }).execute();
    api.telemetry.devicesEdited([stock.device_number, stranger]);

    await expect.poll(async () => (await worker.get(stock.device_number))?.carId).toBe(car.id);
    await expect.poll(async () => (await gateway.get(stranger))?.number).toBe(stranger);
    expect(malformed).toEqual([]);
  });
});
