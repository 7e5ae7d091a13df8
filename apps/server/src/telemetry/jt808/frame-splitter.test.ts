import { describe, expect, it } from 'vitest';
import { Rng } from '../../demo/random.js';
import { decodeFrame, encodeDownlink } from './codec.js';
import { FrameSplitter, MAX_FRAME_BYTES } from './frame-splitter.js';
import { encodeUplink } from './terminal-encoder.js';

const ctx = { version: 2013, phone: '13912345678', serial: 0x7e7d } as const;

/** A few real frames, some with escaped bytes inside (serial 0x7e7d, text with ~ and }). */
const frames: Buffer[] = [
  encodeUplink(ctx, { kind: 'heartbeat' }).bytes,
  encodeUplink(ctx, { kind: 'auth', authCode: 'a~b}c' }).bytes,
  encodeDownlink({ ...ctx, version: 2019 }, { kind: 'text-message', flag: 8, textType: 1, text: '~~}}' }).bytes,
  Buffer.from('7e0002000004304832546500b7ca7e', 'hex'),
];
const stream = Buffer.concat(frames);

function feedInChunks(splitter: FrameSplitter, bytes: Buffer, sizes: () => number): Buffer[] {
  const out: Buffer[] = [];
  for (let pos = 0; pos < bytes.length; ) {
    const n = sizes();
    out.push(...splitter.push(bytes.subarray(pos, pos + n)));
    pos += n;
  }
  return out;
}

describe('FrameSplitter', () => {
  it('gives the same frames whether fed whole, byte by byte or in random chunks', () => {
    expect(new FrameSplitter().push(stream)).toEqual(frames);
    expect(feedInChunks(new FrameSplitter(), stream, () => 1)).toEqual(frames);
    const rng = new Rng(808);
    for (let round = 0; round < 50; round++) {
      const splitter = new FrameSplitter();
      expect(feedInChunks(splitter, stream, () => rng.int(1, 40))).toEqual(frames);
      expect(splitter.stats).toEqual({ frames: frames.length, garbageBytes: 0, oversizeRuns: 0, droppedBytes: 0 });
    }
  });

  it('skips and counts garbage between frames', () => {
    const garbage = Buffer.from('GET / HTTP/1.1\r\n\x00\x01\x7d');
    const splitter = new FrameSplitter();
    const out = splitter.push(Buffer.concat([garbage, frames[0]!, garbage, frames[1]!, garbage]));
    expect(out).toEqual([frames[0], frames[1]]);
    expect(splitter.stats.garbageBytes).toBe(3 * garbage.length);
    expect(out.map((f) => decodeFrame(f).ok)).toEqual([true, true]);
  });

  it('recovers when the connection starts in the middle of a frame', () => {
    const splitter = new FrameSplitter();
    // The tail's closing 0x7e looks like an opening one; the next frame's own 0x7e must not be lost.
    const out = splitter.push(Buffer.concat([frames[1]!.subarray(6), frames[2]!, frames[3]!]));
    expect(out).toEqual([frames[2], frames[3]]);
    expect(splitter.stats.garbageBytes).toBe(frames[1]!.length - 6 - 1);
  });

  it('drops a run longer than the frame limit and keeps memory bounded', () => {
    const splitter = new FrameSplitter();
    const noise = Buffer.alloc(64 * 1024, 0x55);
    splitter.push(Buffer.of(0x7e));
    for (let i = 0; i < 16; i++) {
      expect(splitter.push(noise)).toEqual([]);
      expect(splitter.pendingBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    }
    expect(splitter.stats.oversizeRuns).toBe(1);
    expect(splitter.stats.droppedBytes).toBe(1 + 16 * noise.length); // with its opening delimiter
    // The stream resynchronises on the next delimiter.
    expect(splitter.push(Buffer.concat([frames[0]!, frames[1]!]))).toEqual([frames[0], frames[1]]);
    expect(splitter.pendingBytes).toBe(0);
  });

  it('honours a smaller limit and still passes frames that fit it', () => {
    const splitter = new FrameSplitter(32);
    const big = encodeUplink(ctx, { kind: 'auth', authCode: 'x'.repeat(40) }).bytes;
    expect(splitter.push(Buffer.concat([big, frames[0]!]))).toEqual([frames[0]]);
    expect(splitter.stats.oversizeRuns).toBe(1);
  });

  it('holds nothing for delimiter-free input outside a frame', () => {
    const splitter = new FrameSplitter();
    splitter.push(Buffer.alloc(100_000, 0x41));
    expect(splitter.pendingBytes).toBe(0);
    expect(splitter.stats.garbageBytes).toBe(100_000);
  });
});
