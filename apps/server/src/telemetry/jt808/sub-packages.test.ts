import { describe, expect, it } from 'vitest';
import { decodeFrame, decodeMessage } from './codec.js';
import { packFrames } from './frame-writer.js';
import { FrameSplitter } from './frame-splitter.js';
import { SubPackageAssembler } from './sub-packages.js';
import type { HeaderContext, Jt808Header } from './types.js';

interface Part {
  header: Jt808Header;
  body: Buffer;
}

/** Sub-packages `body` into `chunk`-byte parts and decodes them back into fragments. */
function parts(ctx: HeaderContext, body: Buffer, chunk: number, messageId = 0x0704): Part[] {
  return new FrameSplitter().push(packFrames(ctx, messageId, body, chunk).bytes).map((frame) => {
    const r = decodeFrame(frame);
    if (!r.ok || r.message.kind !== 'fragment') throw new Error('expected a fragment');
    return { header: r.header, body: r.message.body };
  });
}

const body = Buffer.from(Array.from({ length: 250 }, (_, i) => i));
const ctx: HeaderContext = { version: 2013, phone: '13912345678', serial: 100 };

function addAll(assembler: SubPackageAssembler, list: Part[], now = 0) {
  return list.map((p) => assembler.add(p.header, p.body, now));
}

describe('SubPackageAssembler', () => {
  it('reassembles parts that arrive out of order', () => {
    const [p1, p2, p3] = parts(ctx, body, 100);
    const assembler = new SubPackageAssembler();
    const results = addAll(assembler, [p3!, p1!, p2!]);
    expect(results.slice(0, 2)).toEqual([null, null]);
    const whole = results[2]!;
    expect(whole.body).toEqual(body);
    expect(whole.header).toEqual({ messageId: 0x0704, version: 2013, encryption: 0, phone: '013912345678', serial: 100 });
    expect(assembler.pendingBytes).toBe(0);
    expect(assembler.stats.completed).toBe(1);
  });

  it('ignores duplicated parts', () => {
    const [p1, p2, p3] = parts(ctx, body, 100);
    const assembler = new SubPackageAssembler();
    const results = addAll(assembler, [p1!, p1!, p2!, p2!, p3!]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(results[4]!.body).toEqual(body);
    expect(assembler.stats.duplicates).toBe(2);
  });

  it('hands a reassembled 0x0704 to the decoder', () => {
    // count 1, type 0, one 28-byte location (all zeros) with mileage 0x01 = 1.0 km.
    const batch = Buffer.concat([Buffer.from('0001000022', 'hex'), Buffer.alloc(28), Buffer.from('01040000000a', 'hex')]);
    const assembler = new SubPackageAssembler();
    const whole = addAll(assembler, parts({ ...ctx, version: 2019 }, batch, 10)).at(-1)!;
    const r = decodeMessage(whole.header, whole.body);
    expect(r.ok && r.message).toMatchObject({ kind: 'location-batch', locations: [{ items: { mileageKm: 1 }, time: null }] });
  });

  it('drops a message whose parts stop coming', () => {
    const [p1, p2] = parts(ctx, body, 100);
    const assembler = new SubPackageAssembler({ timeoutMs: 30_000 });
    expect(assembler.add(p1!.header, p1!.body, 0)).toBeNull();
    assembler.expire(29_999);
    expect(assembler.pendingMessages).toBe(1);
    assembler.expire(30_000);
    expect(assembler.pendingMessages).toBe(0);
    expect(assembler.pendingBytes).toBe(0);
    expect(assembler.stats.expired).toBe(1);
    // A late part starts over rather than completing the expired message.
    expect(assembler.add(p2!.header, p2!.body, 30_001)).toBeNull();
    expect(assembler.pendingMessages).toBe(1);
  });

  it('keeps messages of different terminals and ids apart, and follows serials across the wrap', () => {
    const a = parts({ ...ctx, serial: 0xffff }, body, 200);
    const b = parts({ ...ctx, phone: '13900000000', serial: 0xffff }, body.subarray(0, 150), 100);
    const c = parts({ ...ctx, serial: 0xffff }, body.subarray(0, 120), 100, 0x0900);
    expect(a[1]!.header.serial).toBe(0);
    const assembler = new SubPackageAssembler();
    const results = addAll(assembler, [a[0]!, b[0]!, c[0]!, c[1]!, b[1]!, a[1]!]);
    expect(results.map((r) => r && r.body.length)).toEqual([null, null, null, 120, 150, 250]);
    expect(results[3]!.header.messageId).toBe(0x0900);
    expect(results[4]!.header.phone).toBe('013900000000');
    expect(results[5]!.header.serial).toBe(0xffff);
  });

  it('refuses parts whose index makes no sense', () => {
    const [p1] = parts(ctx, body, 100);
    const assembler = new SubPackageAssembler();
    expect(assembler.add({ ...p1!.header, subPackage: { total: 3, index: 0 } }, p1!.body, 0)).toBeNull();
    expect(assembler.add({ ...p1!.header, subPackage: { total: 3, index: 4 } }, p1!.body, 0)).toBeNull();
    expect(assembler.stats.invalid).toBe(2);
    expect(assembler.pendingMessages).toBe(0);
  });

  it('stays under its byte cap by dropping the oldest unfinished messages', () => {
    const assembler = new SubPackageAssembler({ maxPendingBytes: 1000 });
    for (let i = 0; i < 50; i++) {
      const [first] = parts({ ...ctx, serial: i * 10 }, body, 100);
      assembler.add(first!.header, first!.body, i);
      expect(assembler.pendingBytes).toBeLessThanOrEqual(1000);
    }
    expect(assembler.pendingMessages).toBe(10);
    expect(assembler.stats.evicted).toBe(40);
    // The newest message can still complete.
    const last = parts({ ...ctx, serial: 490 }, body, 100);
    expect(assembler.add(last[1]!.header, last[1]!.body, 50)).toBeNull();
    expect(assembler.add(last[2]!.header, last[2]!.body, 50)!.body).toEqual(body);
  });
});
