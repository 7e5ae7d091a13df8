import crypto from 'node:crypto';
import { LIVE_STREAM_PATH, type WarningEvent } from '@cvrisk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../broker/event-bus.js';
import { connectBroker, type Broker } from '../broker/nats-connection.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createTelemetry } from '../telemetry/telemetry.js';
import { relayFromBus, relayToBus } from './live-relay.js';

/**
 * A worker's commits and warnings reach the live stream of an API process that committed nothing:
 * the API process is the test app (its own telemetry, never fed), the worker a second telemetry.
 */
describe.skipIf(!process.env.TEST_NATS_URL)('the live relay between a worker and an API process', () => {
  const id = crypto.randomBytes(4).toString('hex');
  let api: TestApp;
  let brokers: Broker[] = [];
  let worker: ReturnType<typeof createTelemetry>;
  const stops: (() => void)[] = [];
  const malformed: string[] = [];

  beforeAll(async () => {
    api = await createTestApp();
    brokers = await Promise.all(['worker', 'api'].map((n) => connectBroker(process.env.TEST_NATS_URL!, `${n}-${id}`)));
    const [workerBus, apiBus] = brokers.map((b) => createEventBus(b.nc, { subjectPrefix: `test.${id}.events` }));
    // The worker writes to the API's database, as both processes share one in scale mode.
    worker = createTelemetry(api.handle);
    stops.push(relayToBus(worker, workerBus!), relayFromBus(apiBus!, api.telemetry, (kind) => malformed.push(kind)));
    await api.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    worker.lateFixes.stop();
    await Promise.all(brokers.map((b) => b.close()));
    await api.close();
  });

  it("shows a worker's committed position and raised warning on an API process's stream", async () => {
    const address = api.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const token = await api.login('admin');
    const res = await fetch(`http://127.0.0.1:${address.port}${LIVE_STREAM_PATH}?accessToken=${token}`);
    const reader = res.body!.getReader();
    let text = '';
    const pump = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })();
    const device = await api.db.selectFrom('device').select(['id', 'device_number']).where('kind', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const result = await worker.pipeline.submit([{ deviceNumber: device.device_number, gpsTime: Date.now() - 60_000, lng: 120.2, lat: 30.25, speed: 30, direction: 90, altitude: 10, acc: 1 }]);
    expect(result).toEqual([{ status: 'stored' }]);
    await expect.poll(() => text, { timeout: 5000 }).toContain(`"deviceNumber":"${device.device_number}"`);

    const warning = { id: 987654, deviceNumber: device.device_number, warningType: 4, warningTypeName: '二押点预警', deptId: 1 } as unknown as WarningEvent;
    worker.announceWarning(warning);
    await expect.poll(() => text, { timeout: 5000 }).toContain('"id":987654');
    expect(malformed).toEqual([]);
    await reader.cancel();
    await pump.catch(() => {});
  });
});
