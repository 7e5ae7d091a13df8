import { describe, expect, it } from 'vitest';
import { connectBroker } from './nats-connection.js';

describe('connectBroker', () => {
  it('says which server it could not reach when the first connect fails', async () => {
    // Port 1 on loopback refuses at once; no NATS server is needed for this.
    await expect(connectBroker('nats://127.0.0.1:1', 'connect-test')).rejects.toThrow(/Cannot connect to NATS at nats:\/\/127\.0\.0\.1:1/);
  });

  it.skipIf(!process.env.TEST_NATS_URL)('connects, reaches JetStream and closes', async () => {
    const broker = await connectBroker(process.env.TEST_NATS_URL!, 'connect-test');
    expect((await broker.jsm.getAccountInfo()).limits).toBeDefined();
    await broker.close();
    expect(broker.nc.isClosed()).toBe(true);
    await broker.close();
  });
});
