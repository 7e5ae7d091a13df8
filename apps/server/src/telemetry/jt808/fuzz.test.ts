import { describe, expect, it } from 'vitest';
import { Rng } from '../../demo/random.js';
import { decodeFrame, decodeMessage, encodeDownlink } from './codec.js';
import { checkCode, escapeBytes, unescapeBytes } from './escape.js';
import { FrameSplitter } from './frame-splitter.js';
import { SubPackageAssembler } from './sub-packages.js';
import { encodeUplink } from './terminal-encoder.js';
import type { DecodeResult, LocationFix } from './types.js';

const REASONS = new Set(['too-short', 'bad-escape', 'bad-check', 'bad-length', 'encrypted', 'unknown-message', 'bad-body']);

const fix: LocationFix = {
  alarm: 1,
  status: 3,
  latitude: 31.2,
  longitude: 121.5,
  altitude: 10,
  speedKmh: 60,
  direction: 90,
  time: Date.UTC(2026, 0, 1),
  items: { mileageKm: 1, satellites: 9 },
  rawItems: new Map([[0xe1, Buffer.from('ff', 'hex')]]),
};

/** Single valid frames of most message types, both header versions, plus traccar frames. */
function corpus(): Buffer[] {
  const out: Buffer[] = [
    Buffer.from('7e0704402d0100000866496077582164881d0001000028000000000000000701a00192091f2a4700160000000226050916422701040000258230010031010e507e', 'hex'),
    Buffer.from('7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136383630387E', 'hex'),
    Buffer.from('7e0200002c00160128561400020000000000040001005de1f7065c6cef00000000000017011710044201040000a9002a02000030011b3101030c7e', 'hex'),
  ];
  for (const version of [2013, 2019] as const) {
    const ctx = { version, phone: '13912345678', serial: 9 };
    out.push(
      encodeUplink(ctx, { kind: 'location', location: fix }).bytes,
      encodeUplink(ctx, { kind: 'location-batch', batchType: 0, locations: [fix, fix] }).bytes,
      encodeUplink(ctx, { kind: 'auth', authCode: 'abc', imei: '1', softwareVersion: 'v' }).bytes,
      encodeUplink(ctx, { kind: 'register', provinceId: 1, cityId: 2, manufacturerId: 'M', terminalModel: 'T', terminalId: 'I', plateColor: 1, plate: '京A1' }).bytes,
      encodeUplink(ctx, { kind: 'terminal-response', replySerial: 1, replyId: 0x8103, result: 0 }).bytes,
      encodeDownlink(ctx, { kind: 'register-response', replySerial: 1, result: 0, authCode: 'x' }).bytes,
      encodeDownlink(ctx, { kind: 'set-parameters', parameters: [{ id: 0x29, type: 'dword', value: 30 }] }).bytes,
      encodeDownlink(ctx, { kind: 'terminal-control', command: 1, parameter: 'a;b' }).bytes,
      encodeDownlink(ctx, { kind: 'text-message', flag: 1, textType: 1, text: '你好' }).bytes,
      encodeDownlink(ctx, { kind: 'temporary-tracking', intervalSeconds: 1, validitySeconds: 2 }).bytes,
      encodeDownlink(ctx, { kind: 'vehicle-control', flag: 1, typeId: 0xf001 }).bytes,
      encodeUplink(ctx, { kind: 'vehicle-control-reply', replySerial: 1, location: fix }).bytes,
    );
  }
  // The parts of a sub-packaged batch, so fragments and reassembly are fuzzed too.
  const many = Array.from({ length: 40 }, () => fix);
  const batch = encodeUplink({ version: 2013, phone: '1', serial: 1 }, { kind: 'location-batch', batchType: 1, locations: many });
  out.push(...new FrameSplitter().push(batch.bytes));
  return out;
}

/** Changes the unescaped content, then re-frames it with a correct check code so the body parsers see it. */
function reframe(frame: Buffer, change: (content: Buffer) => Buffer): Buffer {
  const inner = unescapeBytes(frame.subarray(1, frame.length - 1))!;
  const content = change(Buffer.from(inner.subarray(0, inner.length - 1)));
  return Buffer.concat([Buffer.of(0x7e), escapeBytes(Buffer.concat([content, Buffer.of(checkCode(content))])), Buffer.of(0x7e)]);
}

function mutate(rng: Rng, frames: Buffer[]): Buffer {
  const base = rng.pick(frames);
  switch (rng.int(0, 7)) {
    case 0: {
      // Random bytes, rich in delimiters and escapes.
      return Buffer.from(Array.from({ length: rng.int(0, 300) }, () => rng.pick([0x7e, 0x7d, 0x01, 0x02, rng.int(0, 255)])));
    }
    case 1: {
      const b = Buffer.from(base);
      for (let i = rng.int(1, 5); i > 0; i--) b[rng.int(0, b.length - 1)]! ^= 1 << rng.int(0, 7);
      return b;
    }
    case 2:
      return base.subarray(0, rng.int(0, base.length));
    case 3:
      // Body-length field at its maximum, or one of the flag bits (encryption, sub-package, version) flipped.
      return reframe(base, (c) => {
        const properties = c.readUInt16BE(2);
        c.writeUInt16BE(rng.chance(0.5) ? properties | 0x03ff : properties ^ (1 << rng.int(10, 15)), 2);
        return c;
      });
    case 4:
      // A byte of the body (an item length, a count, a length prefix ...) set to something large.
      return reframe(base, (c) => {
        if (c.length > 0) c[rng.int(Math.min(12, c.length - 1), c.length - 1)] = rng.pick([0xff, 0xfe, 0x80, rng.int(0, 255)]);
        return c;
      });
    case 5:
      // Body truncated but the length field left alone, or fixed up to match.
      return reframe(base, (c) => {
        const cut = c.subarray(0, rng.int(4, c.length));
        if (rng.chance(0.5) && cut.length >= 4) cut.writeUInt16BE((cut.readUInt16BE(2) & ~0x03ff) | Math.max(0, cut.length - 12), 2);
        return cut;
      });
    case 6:
      // Another message id on the same body: bodies meet parsers they were not written for.
      return reframe(base, (c) => {
        c.writeUInt16BE(rng.chance(0.7) ? rng.pick([0x0001, 0x0100, 0x0102, 0x0200, 0x0201, 0x0704, 0x8001, 0x8100, 0x8103, 0x8105, 0x8300]) : rng.int(0, 0xffff), 0);
        return c;
      });
    default:
      return Buffer.concat([base, Buffer.from(Array.from({ length: rng.int(0, 20) }, () => rng.int(0, 255))), rng.pick(frames)]);
  }
}

function check(r: DecodeResult, seen: Map<string, number>): void {
  if (r.ok) {
    expect(typeof r.message.kind).toBe('string');
    seen.set('ok', (seen.get('ok') ?? 0) + 1);
  } else {
    expect(REASONS.has(r.reason)).toBe(true);
    seen.set(r.reason, (seen.get(r.reason) ?? 0) + 1);
  }
}

describe('fuzz', () => {
  it('never throws on mutated frames fed through splitter, decoder and assembler', () => {
    const rng = new Rng(0x808);
    const frames = corpus();
    const splitter = new FrameSplitter();
    const assembler = new SubPackageAssembler({ maxPendingBytes: 64 * 1024 });
    const seen = new Map<string, number>();
    for (let i = 0; i < 4000; i++) {
      const input = mutate(rng, frames);
      // Straight into the decoder, as if the splitter had produced it...
      check(decodeFrame(input), seen);
      // ...and through the splitter in random chunks, like a socket would deliver it.
      for (let pos = 0; pos < input.length; ) {
        const n = rng.int(1, 200);
        for (const frame of splitter.push(input.subarray(pos, pos + n))) {
          const r = decodeFrame(frame);
          check(r, seen);
          if (r.ok && r.message.kind === 'fragment') {
            const whole = assembler.add(r.header, r.message.body, i);
            if (whole) check(decodeMessage(whole.header, whole.body), seen);
          }
        }
        pos += n;
      }
      expect(splitter.pendingBytes).toBeLessThanOrEqual(splitter.maxFrameBytes);
    }
    // The mutations reached every layer: not just check-code failures.
    for (const outcome of ['ok', 'too-short', 'bad-escape', 'bad-check', 'bad-length', 'bad-body', 'unknown-message', 'encrypted']) {
      expect(seen.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
    }
    expect(assembler.stats.completed).toBeGreaterThan(0);
  });
});
