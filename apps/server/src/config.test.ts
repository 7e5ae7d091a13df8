import { describe, expect, it } from 'vitest';
import { defaultMaxConnections, loadConfig, openFileLimit } from './config.js';

describe('the gateway limits in the settings', () => {
  it('size the connection cap to the open-file limit, leaving a fifth (at least 256) to HTTP and the database', () => {
    expect(defaultMaxConnections(20_000)).toBe(16_000);
    expect(defaultMaxConnections(1024)).toBe(768);
    expect(defaultMaxConnections(null)).toBe(768);
    expect(defaultMaxConnections(100)).toBe(64);
    expect(openFileLimit()).toBeGreaterThan(0);
  });

  it('take every limit from its setting, and refuse nonsense', () => {
    const c = loadConfig({ JT808_MAX_CONNECTIONS: '500', JT808_AUTH_TIMEOUT_SECONDS: '10', JT808_ADDRESS_MAX_FAILURES: '7', JT808_REASSEMBLY_TOTAL_MB: '8' });
    expect(c.jt808Limits).toMatchObject({ maxConnections: 500, authTimeoutMs: 10_000, addressMaxFailures: 7, reassemblyBytesTotal: 8 * 1024 * 1024 });
    expect(() => loadConfig({ JT808_MAX_CONNECTIONS: '0' })).toThrow(/JT808_MAX_CONNECTIONS/);
  });
});

describe('the scale-mode settings', () => {
  it('run everything in one process by default, and refuse a role without the shared database and broker', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', natsUrl: undefined, natsPartitions: 16, natsPrefix: 'cvrisk', workerLeaseMs: 10_000 });
    expect(() => loadConfig({ ROLE: 'worker', NATS_URL: 'nats://127.0.0.1:4222' })).toThrow(/ROLE: .*DATABASE_URL.*NATS_URL/);
    expect(() => loadConfig({ ROLE: 'gateway', DATABASE_URL: 'postgres://x/y' })).toThrow(/NATS_URL/);
    expect(() => loadConfig({ ROLE: 'everything' })).toThrow(/ROLE/);
    expect(() => loadConfig({ NATS_PREFIX: 'Prod.1' })).toThrow(/NATS_PREFIX/);
    expect(loadConfig({ ROLE: 'api', DATABASE_URL: 'postgres://x/y', NATS_URL: 'nats://n:4222', NATS_PARTITIONS: '32' })).toMatchObject({ role: 'api', natsPartitions: 32 });
  });
});
