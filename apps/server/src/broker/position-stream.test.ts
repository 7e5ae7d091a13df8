import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingPosition } from '../telemetry/pipeline/incoming.js';
import { connectBroker, type Broker } from './nats-connection.js';
import { decodePositions, encodePositions } from './position-codec.js';
import { createPositionPublisher, ensurePositionStream, partitionOf, partitionSubject } from './position-stream.js';

const fix = (deviceNumber: string, gpsTime: number, extra: Partial<IncomingPosition> = {}): IncomingPosition => ({
  deviceNumber, gpsTime, lng: 120.15, lat: 30.28, speed: 42.5, direction: 90, altitude: 12, acc: 1, ...extra,
});

describe('partitionOf', () => {
  it('is FNV-1a 32 bit, so every version of gateway and worker agrees on it', () => {
    // The published FNV-1a test vectors; with 2^32 partitions the modulo is the hash itself.
    expect(partitionOf('a', 2 ** 32)).toBe(0xe40c292c);
    expect(partitionOf('foobar', 2 ** 32)).toBe(0xbf9cf968);
    expect(partitionOf('013800138000', 16)).toBe(1);
    expect(partitionOf('013800138000', 16)).toBe(partitionOf('013800138000', 16));
  });

  it('spreads 10,000 consecutive terminal numbers evenly over 16 partitions', () => {
    const counts = new Array<number>(16).fill(0);
    for (let i = 0; i < 10_000; i++) counts[partitionOf(String(13_800_000_000 + i).padStart(12, '0'), 16)]! += 1;
    for (const c of counts) expect(Math.abs(c - 625)).toBeLessThanOrEqual(125);
  });

  it('refuses a partition count that is not a positive integer', () => {
    expect(() => partitionOf('1', 0)).toThrow();
    expect(() => partitionOf('1', 1.5)).toThrow();
  });
});

describe('position messages', () => {
  it('carry every field, and absent optional fields come back absent', () => {
    const full = fix('013800138000', 1_700_000_000_000, { mileageKm: 1234.5, satellites: 9, signal: 21, battery: 80, fixType: 2, alarmWord: 4, statusWord: 3 });
    const sparse = fix('013800138000', 1_700_000_001_000, { satellites: null, alarmWord: 1 });
    const { deviceNumber, positions } = decodePositions(encodePositions('013800138000', [full, sparse]));
    expect(deviceNumber).toBe('013800138000');
    expect(positions).toEqual([full, { ...fix('013800138000', 1_700_000_001_000), alarmWord: 1 }]);
  });

  it('carry the items that are on, and a message without them reads as before', () => {
    const tamper = fix('013800138000', 1_700_000_000_000, { alarmWord: 1 << 17, alarmItems: [0xe3, 0xe1] });
    const quiet = fix('013800138000', 1_700_000_001_000, { alarmItems: [] });
    const { positions } = decodePositions(encodePositions('013800138000', [tamper, quiet]));
    expect(positions).toEqual([tamper, fix('013800138000', 1_700_000_001_000)]);
    // A message of the build before the items were carried: fourteen fields.
    const older = new TextEncoder().encode(JSON.stringify({ v: 1, d: '1', p: [[1, 120, 30, 0, 0, 0, 0, null, null, null, 80, 1, 4, 3]] }));
    expect(decodePositions(older).positions).toEqual([{ deviceNumber: '1', gpsTime: 1, lng: 120, lat: 30, speed: 0, direction: 0, altitude: 0, acc: 0, battery: 80, fixType: 1, alarmWord: 4, statusWord: 3 }]);
  });

  it('refuse a position of another device', () => {
    expect(() => encodePositions('1', [fix('2', 1)])).toThrow();
  });
});

describe.skipIf(!process.env.TEST_NATS_URL)('position stream on NATS', () => {
  const id = crypto.randomBytes(4).toString('hex');
  const names = { stream: `TEST_POS_${id}`, subjectPrefix: `test.${id}.pos` };
  const PARTITIONS = 16;
  let broker: Broker;

  beforeAll(async () => {
    broker = await connectBroker(process.env.TEST_NATS_URL!, 'position-stream-test');
    await ensurePositionStream(broker.jsm, { partitions: PARTITIONS, ...names });
  });
  afterAll(async () => {
    await broker.jsm.streams.delete(names.stream).catch(() => undefined);
    await broker.close();
  });

  it('creates the stream as asked and can run again on an existing one', async () => {
    const info = await ensurePositionStream(broker.jsm, { partitions: PARTITIONS, maxAgeMs: 3_600_000, ...names });
    expect(info.config.subjects).toEqual([`${names.subjectPrefix}.>`]);
    expect(info.config.storage).toBe('file');
    expect(info.config.retention).toBe('limits');
    expect(info.config.max_age).toBe(3_600_000 * 1_000_000);
    expect(info.config.duplicate_window).toBe(120_000 * 1_000_000);
    expect(info.config.num_replicas).toBe(1);
  });

  it('asks for the replicas NATS_REPLICAS names, which a single server refuses beyond one', async () => {
    const fresh = { stream: `${names.stream}_R3`, subjectPrefix: `${names.subjectPrefix}r3` };
    await expect(ensurePositionStream(broker.jsm, { partitions: PARTITIONS, replicas: 3, ...fresh })).rejects.toThrow(/replicas > 1 not supported/);
    await expect(broker.jsm.streams.info(fresh.stream)).rejects.toThrow();
  });

  it('refuses to change the partition count of an existing stream', async () => {
    await expect(ensurePositionStream(broker.jsm, { partitions: 8, ...names })).rejects.toThrow(/16 partitions/);
  });

  it('resolves once the positions are stored, on the device partition subject', async () => {
    const publisher = createPositionPublisher(broker.js, PARTITIONS, names);
    const positions = [fix('013800138000', 1_700_000_000_000), fix('013800138000', 1_700_000_030_000, { mileageKm: 12.5 })];
    const ack = await publisher.publish('013800138000', positions, `m-${id}-1`);
    expect(ack.duplicate).toBe(false);
    const stored = await broker.jsm.streams.getMessage(names.stream, { seq: ack.seq });
    expect(stored.subject).toBe(partitionSubject(partitionOf('013800138000', PARTITIONS), names.subjectPrefix));
    expect(decodePositions(stored.data)).toEqual({ deviceNumber: '013800138000', positions });
  });

  it('stores a retry with the same message id once', async () => {
    const publisher = createPositionPublisher(broker.js, PARTITIONS, names);
    const before = (await broker.jsm.streams.info(names.stream)).state.messages;
    const first = await publisher.publish('013800138001', [fix('013800138001', 1_700_000_000_000)], `m-${id}-dup`);
    const retry = await publisher.publish('013800138001', [fix('013800138001', 1_700_000_000_000)], `m-${id}-dup`);
    expect(retry).toEqual({ seq: first.seq, duplicate: true });
    expect((await broker.jsm.streams.info(names.stream)).state.messages).toBe(before + 1);
  });

  it('has many publishes in flight at once, each acknowledged with its own sequence', async () => {
    const publisher = createPositionPublisher(broker.js, PARTITIONS, names);
    const acks = await Promise.all(Array.from({ length: 300 }, (_, i) => {
      const number = String(13_900_000_000 + (i % 37));
      return publisher.publish(number, [fix(number, 1_700_000_000_000 + i * 1000)], `m-${id}-many-${i}`);
    }));
    expect(new Set(acks.map((a) => a.seq)).size).toBe(300);
    expect(acks.every((a) => !a.duplicate)).toBe(true);
  });

  it('rejects a publish when no stream takes the subject, instead of pretending it was stored', async () => {
    const publisher = createPositionPublisher(broker.js, PARTITIONS, { stream: names.stream, subjectPrefix: `test.${id}.nowhere`, timeoutMs: 2000 });
    await expect(publisher.publish('1', [fix('1', 1_700_000_000_000)], `m-${id}-lost`)).rejects.toThrow();
  });
});
