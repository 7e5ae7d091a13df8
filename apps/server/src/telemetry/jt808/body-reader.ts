import { decodeGbk, decodePaddedGbk, encodeGbk } from './gbk.js';

/** A body that does not hold what its message says; the codec turns it into `{ ok: false, reason: 'bad-body' }`. */
export class BadBody extends Error {}

/** Thrown by `BodyReader` when a body ends early. */
export class BodyTooShort extends BadBody {}

/** Big-endian cursor over a message body that refuses to read past the end. */
export class BodyReader {
  private pos = 0;

  constructor(private readonly buf: Buffer) {}

  get remaining(): number {
    return this.buf.length - this.pos;
  }

  private take(n: number): number {
    if (n > this.remaining) throw new BodyTooShort();
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8(): number {
    return this.buf.readUInt8(this.take(1));
  }

  u16(): number {
    return this.buf.readUInt16BE(this.take(2));
  }

  u32(): number {
    return this.buf.readUInt32BE(this.take(4));
  }

  bytes(n: number): Buffer {
    const at = this.take(n);
    return this.buf.subarray(at, at + n);
  }

  rest(): Buffer {
    return this.bytes(this.remaining);
  }

  paddedText(n: number): string {
    return decodePaddedGbk(this.bytes(n));
  }

  restText(): string {
    return decodeGbk(this.rest());
  }
}

/**
 * Builds a body. Writers throw (RangeError) on values that do not fit their field: encoder input
 * comes from our own code, so a bad value is a bug to surface, not wire noise to tolerate.
 */
export class BodyWriter {
  private readonly parts: Buffer[] = [];

  u8(v: number): this {
    const b = Buffer.allocUnsafe(1);
    b.writeUInt8(v);
    return this.bytes(b);
  }

  u16(v: number): this {
    const b = Buffer.allocUnsafe(2);
    b.writeUInt16BE(v);
    return this.bytes(b);
  }

  u32(v: number): this {
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32BE(v);
    return this.bytes(b);
  }

  bytes(b: Uint8Array): this {
    this.parts.push(Buffer.from(b));
    return this;
  }

  /** GBK text padded with 0x00 to exactly `n` bytes. */
  paddedText(text: string, n: number): this {
    const encoded = encodeGbk(text);
    if (encoded.length > n) throw new RangeError(`"${text}" is ${encoded.length} bytes, field holds ${n}`);
    return this.bytes(Buffer.concat([encoded, Buffer.alloc(n - encoded.length)]));
  }

  text(text: string): this {
    return this.bytes(encodeGbk(text));
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.parts);
  }
}
