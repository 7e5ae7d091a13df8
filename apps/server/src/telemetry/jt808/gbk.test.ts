import { describe, expect, it } from 'vitest';
import { decodeGbk, decodePaddedGbk, encodeGbk } from './gbk.js';

describe('GBK', () => {
  it('encodes plates the way terminals send them', () => {
    expect(encodeGbk('苏B12345')).toEqual(Buffer.from('cbd5423132333435', 'hex'));
    expect(encodeGbk('粤')).toEqual(Buffer.from('d4c1', 'hex'));
  });

  it('round-trips Chinese text', () => {
    const text = '京A·车联网风控平台：请于18:00前回电';
    expect(decodeGbk(encodeGbk(text))).toBe(text);
  });

  it('round-trips the GBK characters outside GB2312 that ICU maps to private use (€, ǹ, CJK radicals)', () => {
    expect(encodeGbk('€ǹ⺁')).toEqual(Buffer.from('80a8bffe50', 'hex'));
    expect(decodeGbk(Buffer.from('80a8bffe50', 'hex'))).toBe('€ǹ⺁');
  });

  it('writes ? for characters GBK lacks', () => {
    expect(encodeGbk('a😀b')).toEqual(Buffer.from('a?b'));
  });

  it('strips field padding at either end', () => {
    expect(decodePaddedGbk(Buffer.from('0000cbd54100002020', 'hex'))).toBe('苏A');
    expect(decodePaddedGbk(Buffer.alloc(5))).toBe('');
  });
});
