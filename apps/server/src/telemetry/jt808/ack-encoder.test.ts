import { describe, expect, it } from 'vitest';
import { createAckEncoder } from './ack-encoder.js';
import { encodeDownlink } from './codec.js';

describe('the acknowledgement encoder', () => {
  const terminals = [
    { version: 2013 as const, phone: '013912345678' },
    { version: 2019 as const, phone: '00000860123456789012', protocolVersion: 1 },
  ];
  // Serials holding the delimiter and the escape byte must come out escaped, as the general encoder does.
  const serials = [0, 1, 0x7e, 0x7d, 0x7e7d, 0x7d7e, 0xffff, 12345];

  it('writes exactly the bytes of the general encoder, for both header versions and escaped values', () => {
    for (const t of terminals) {
      const ack = createAckEncoder(t);
      for (const serial of serials) {
        for (const [replySerial, replyId, result] of [[serial, 0x0200, 0], [0x7e7e, 0x0704, 2], [serial ^ 0xffff, 0x0002, 1]] as const) {
          const expected = encodeDownlink({ ...t, serial }, { kind: 'platform-response', replySerial, replyId, result }).bytes;
          expect(ack(serial, replySerial, replyId, result).toString('hex')).toBe(expected.toString('hex'));
        }
      }
    }
  });
});
