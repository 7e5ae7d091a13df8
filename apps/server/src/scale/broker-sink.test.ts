import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBroker, type Broker } from '../broker/nats-connection.js';
import {
  createPositionPublisher, decodePositions, ensurePositionStream, partitionOf, partitionSubject, type PositionPublisher,
} from '../broker/position-stream.js';
import { createJt808Gateway, type Jt808Gateway } from '../telemetry/gateway/gateway.js';
import { createDeviceCache } from '../telemetry/pipeline/device-cache.js';
import type { IncomingPosition } from '../telemetry/pipeline/incoming.js';
import type { PositionSink } from '../telemetry/pipeline/position-pipeline.js';
import { locationFix, VirtualTerminal } from '../telemetry/simulator/virtual-terminal.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createBrokerSink } from './broker-sink.js';

const PARTITIONS = 16;
const T = Date.UTC(2026, 10, 21, 2, 0, 0);

describe.skipIf(!process.env.TEST_NATS_URL)('the gateway in scale mode, publishing to the position stream', () => {
  const id = crypto.randomBytes(4).toString('hex');
  const names = { stream: `TEST_SINK_${id}`, subjectPrefix: `test.${id}.pos` };
  let t: TestApp;
  let broker: Broker;
  let publisher: PositionPublisher;
  let sink: PositionSink;
  let gateway: Jt808Gateway;
  let port = 0;
  let wired: string[] = [];
  let positionsAtStart = 0;
  const warnings: string[] = [];
  const log = { info() {}, warn: (_obj: object, msg: string) => void warnings.push(msg) };

  beforeAll(async () => {
    t = await createTestApp();
    broker = await connectBroker(process.env.TEST_NATS_URL!, 'broker-sink-test');
    await ensurePositionStream(broker.jsm, { partitions: PARTITIONS, ...names });
    publisher = createPositionPublisher(broker.js, PARTITIONS, { ...names, timeoutMs: 2000 });
    // A gateway process has its own device cache; it only asks whether a number exists.
    sink = createBrokerSink({ devices: createDeviceCache(t.db), publisher });
    gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: sink, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log });
    port = await gateway.listen();
    const rows = await t.db.selectFrom('device').select('device_number').where('car_id', 'is not', null).where('kind', '=', 1).orderBy('id').limit(8).execute();
    wired = rows.map((r) => r.device_number);
    positionsAtStart = await positionRows();
  });
  afterAll(async () => {
    await gateway?.close();
    await broker?.jsm.streams.delete(names.stream).catch(() => undefined);
    await broker?.close();
    await t?.close();
  });

  async function positionRows(): Promise<number> {
    const row = await t.db.selectFrom('position').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function lastSeq(): Promise<number> {
    return (await broker.jsm.streams.info(names.stream)).state.last_seq;
  }

  /** Every message stored after `seq`, decoded. */
  async function messagesAfter(seq: number) {
    const out: { subject: string; deviceNumber: string; positions: IncomingPosition[] }[] = [];
    for (let s = seq + 1; s <= (await lastSeq()); s++) {
      const m = await broker.jsm.streams.getMessage(names.stream, { seq: s });
      out.push({ subject: m.subject, ...decodePositions(m.data) });
    }
    return out;
  }

  async function signedIn(deviceNumber: string, replyTimeoutMs = 5000): Promise<VirtualTerminal> {
    const vt = new VirtualTerminal({ host: '127.0.0.1', port, deviceNumber, version: 2013, model: 'GT06N', replyTimeoutMs });
    await vt.connect();
    expect(await vt.authenticate((await vt.register())!)).toBe(true);
    return vt;
  }

  const fix = (deviceNumber: string, gpsTime: number): IncomingPosition => ({
    deviceNumber, gpsTime, lng: 120.15, lat: 30.28, speed: 40, direction: 90, altitude: 20, acc: 1,
  });

  it('acknowledges a report once the stream stored it on the device partition, and writes nothing to the database', async () => {
    const vt = await signedIn(wired[0]!);
    const before = await lastSeq();
    expect(await vt.report(locationFix({ time: T, lng: 120.153576, lat: 30.287459, speed: 42.5, direction: 87, acc: true, mileageKm: 12345.6 }))).toBe(0);
    expect(await messagesAfter(before)).toEqual([{
      subject: partitionSubject(partitionOf(wired[0]!, PARTITIONS), names.subjectPrefix),
      deviceNumber: wired[0],
      positions: [{
        deviceNumber: wired[0], gpsTime: T, lng: 120.153576, lat: 30.287459, speed: 42.5, direction: 87, altitude: 20, acc: 1,
        mileageKm: 12345.6, satellites: 12, signal: 25, fixType: 1, alarmWord: 0, statusWord: 3,
      }],
    }]);
    expect(await positionRows()).toBe(positionsAtStart);
    vt.close();
  });

  it('acknowledges 40 reports sent back to back, stored in the stream in the order sent', async () => {
    const vt = await signedIn(wired[1]!);
    const before = await lastSeq();
    const times = Array.from({ length: 40 }, (_, k) => T + k * 1000);
    const results = await Promise.all(times.map((time, k) => vt.report(locationFix({ time, lng: 120.2 + k * 0.0001, lat: 30.25, speed: 30, direction: 90, acc: true }))));
    expect(results).toEqual(times.map(() => 0));
    const stored = await messagesAfter(before);
    expect(stored.every((m) => m.deviceNumber === wired[1])).toBe(true);
    expect(stored.flatMap((m) => m.positions.map((p) => p.gpsTime))).toEqual(times);
    vt.close();
  });

  it('answers an invalid fix with 2 and publishes nothing', async () => {
    const vt = await signedIn(wired[2]!);
    const before = await lastSeq();
    expect(await vt.report(locationFix({ time: T, lng: 0, lat: 0, speed: 0, direction: 0, acc: false }))).toBe(2);
    expect(await lastSeq()).toBe(before);
    vt.close();
  });

  it('rejects an unknown device as the pipeline does, and publishes nothing', async () => {
    const before = await lastSeq();
    expect(await sink.submit([fix('139999999999', T)])).toEqual([{ status: 'rejected', reason: '设备不存在' }]);
    expect(await lastSeq()).toBe(before);
  });

  it('publishes a call naming several devices as one message per device, each in call order', async () => {
    const [a, b] = [wired[3]!, wired[4]!];
    const before = await lastSeq();
    const results = await sink.submit([fix(a, T), fix(b, T), fix('139999999999', T), fix(a, T + 1000), fix(b, T + 1000)]);
    expect(results.map((r) => r.status)).toEqual(['stored', 'stored', 'rejected', 'stored', 'stored']);
    expect((await messagesAfter(before)).map((m) => [m.deviceNumber, m.positions.map((p) => p.gpsTime)])).toEqual([
      [a, [T, T + 1000]],
      [b, [T, T + 1000]],
    ]);
  });

  it('stores the same frame sent twice once: the resend after a lost acknowledgement is a duplicate', async () => {
    const positions = [fix(wired[5]!, T), fix(wired[5]!, T + 30_000)];
    const before = await lastSeq();
    expect(await sink.submit(positions)).toEqual([{ status: 'stored' }, { status: 'stored' }]);
    expect(await sink.submit(positions.map((p) => ({ ...p })))).toEqual([{ status: 'duplicate' }, { status: 'duplicate' }]);
    expect(await lastSeq()).toBe(before + 1);
  });

  it('publishes calls in the order they came even when an earlier lookup is slower, and a failed lookup holds up nobody', async () => {
    const cache = createDeviceCache(t.db);
    let lookups = 0;
    const devices = {
      async get(number: string) {
        lookups += 1;
        if (lookups === 1) await new Promise((r) => setTimeout(r, 100));
        if (lookups === 2) throw new Error('database down');
        return cache.get(number);
      },
    };
    const ordered = createBrokerSink({ devices, publisher });
    const n = wired[7]!;
    const before = await lastSeq();
    const first = ordered.queue([fix(n, T)]);
    const failed = ordered.queue([fix(n, T + 1000)]);
    const third = ordered.queue([fix(n, T + 2000)]);
    await expect(failed).rejects.toThrow('database down');
    expect(await (await first).results).toEqual([{ status: 'stored' }]);
    expect(await (await third).results).toEqual([{ status: 'stored' }]);
    expect((await messagesAfter(before)).flatMap((m) => m.positions.map((p) => p.gpsTime))).toEqual([T, T + 2000]);
  });

  it('keeps a failed publish for the caller to see, without ending the process before the caller looks', async () => {
    const nowhere = createPositionPublisher(broker.js, PARTITIONS, { stream: names.stream, subjectPrefix: `test.${id}.nowhere`, timeoutMs: 2000 });
    let refused: Promise<unknown> = Promise.resolve();
    const lost = createBrokerSink({
      devices: createDeviceCache(t.db),
      publisher: {
        publish(...args) {
          const ack = nowhere.publish(...args);
          refused = ack.catch(() => undefined);
          return ack;
        },
      },
    });
    const { results } = await lost.queue([fix(wired[3]!, T + 5000)]);
    // Past the refusal and past the point where Node reports a rejection nobody handled.
    await refused;
    await new Promise((r) => setImmediate(r));
    await expect(results).rejects.toThrow();
  });

  it('never acknowledges a report the stream did not store', async () => {
    const vt = await signedIn(wired[6]!, 3000);
    await broker.jsm.streams.delete(names.stream);
    await expect(vt.report(locationFix({ time: T + 60_000, lng: 120.2, lat: 30.3, speed: 10, direction: 0, acc: true }))).rejects.toThrow(/no answer/);
    expect(warnings).toContain('jt808 positions not stored');
    vt.close();
  });
});
