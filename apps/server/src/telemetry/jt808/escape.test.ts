import { describe, expect, it } from 'vitest';
import { checkCode, escapeBytes, unescapeBytes } from './escape.js';

describe('escaping', () => {
  it('matches the example in the standard', () => {
    const raw = Buffer.from([0x30, 0x7e, 0x08, 0x7d, 0x55]);
    const escaped = Buffer.from([0x30, 0x7d, 0x02, 0x08, 0x7d, 0x01, 0x55]);
    expect(escapeBytes(raw)).toEqual(escaped);
    expect(unescapeBytes(escaped)).toEqual(raw);
  });

  it('leaves bytes without 0x7e/0x7d alone', () => {
    const raw = Buffer.from('0200003f7c7f', 'hex');
    expect(escapeBytes(raw)).toEqual(raw);
  });

  it('escapes runs of special bytes one by one', () => {
    expect(escapeBytes(Buffer.from([0x7e, 0x7e, 0x7d]))).toEqual(Buffer.from([0x7d, 0x02, 0x7d, 0x02, 0x7d, 0x01]));
  });

  it('refuses byte sequences escaping cannot produce', () => {
    expect(unescapeBytes(Buffer.from([0x30, 0x7d, 0xa0]))).toBeNull();
    expect(unescapeBytes(Buffer.from([0x30, 0x7d]))).toBeNull();
    expect(unescapeBytes(Buffer.from([0x30, 0x7e, 0x31]))).toBeNull();
  });
});

describe('check code', () => {
  it('is the XOR of header and body', () => {
    // traccar's heartbeat vector 7e 0002000004304832546500b7 ca 7e: ca is its check code.
    expect(checkCode(Buffer.from('0002000004304832546500b7', 'hex'))).toBe(0xca);
    expect(checkCode(Buffer.from([0x01, 0x02, 0x04]))).toBe(0x07);
    expect(checkCode(Buffer.alloc(0))).toBe(0);
  });
});
