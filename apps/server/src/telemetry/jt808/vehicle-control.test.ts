import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeDownlink } from './codec.js';
import { checkCode, escapeBytes } from './escape.js';
import { encodeUplink } from './terminal-encoder.js';
import type { LocationFix } from './types.js';

const PHONE = '13912345678';

/** Stopped at 120.3 E 30.25 N, ACC off, positioned, oil and circuit cut (bits 10 and 11). */
const cutFix: LocationFix = {
  alarm: 0,
  status: 0x0c02,
  latitude: 30.25,
  longitude: 120.3,
  altitude: 20,
  speedKmh: 0,
  direction: 90,
  time: Date.UTC(2026, 10, 21, 2, 0, 5), // 2026-11-21 10:00:05 Beijing time
  items: {},
  rawItems: new Map(),
};

// The expected frames below were written out from the standard's layouts, not taken from the encoder.
describe('0x8500 vehicle control on the wire', () => {
  it('2013: the flag byte alone', () => {
    const e = encodeDownlink({ version: 2013, phone: PHONE, serial: 7 }, { kind: 'vehicle-control', flag: 0x01 });
    expect(e.bytes.toString('hex')).toBe('7e85000001013912345678000701b27e');
  });

  it('2019: one control, the vendor type 0xF001 with the flag as its BYTE parameter', () => {
    const e = encodeDownlink({ version: 2019, phone: PHONE, serial: 8 }, { kind: 'vehicle-control', flag: 0x00 });
    expect(e.bytes.toString('hex')).toBe('7e85004005010000000001391234567800080001f00100097e');
    const d = decodeFrame(e.bytes);
    expect(d.ok && d.message).toEqual({ kind: 'vehicle-control', flag: 0, typeId: 0xf001 });
  });

  it('2019: a body listing no control, or several, is malformed rather than half read', () => {
    const frame = (body: string) => {
      const properties = (0x4000 | (body.length / 2)).toString(16);
      const content = Buffer.from(`8500${properties}01000000000139123456780001${body}`, 'hex');
      return Buffer.concat([Buffer.of(0x7e), escapeBytes(Buffer.concat([content, Buffer.of(checkCode(content))])), Buffer.of(0x7e)]);
    };
    expect(decodeFrame(frame('0000'))).toMatchObject({ ok: false, reason: 'bad-body' });
    expect(decodeFrame(frame('0002f00101000101'))).toMatchObject({ ok: false, reason: 'bad-body' });
    expect(decodeFrame(frame('0001f00101'))).toMatchObject({ ok: true, message: { flag: 1, typeId: 0xf001 } });
  });
});

describe('0x0500 vehicle control answer on the wire', () => {
  const body = '00070000000000000c0201cd9410072ba1e000140000005a261121100005';

  it.each([
    [2013, `7e0500001e0139123456780003${body}497e`],
    [2019, `7e0500401e01000000000139123456780003${body}087e`],
  ] as const)('%i: the answered serial, then the position with its status word', (version, hex) => {
    const e = encodeUplink({ version, phone: PHONE, serial: 3 }, { kind: 'vehicle-control-reply', replySerial: 7, location: cutFix });
    expect(e.bytes.toString('hex')).toBe(hex);
    const d = decodeFrame(Buffer.from(hex, 'hex'));
    expect(d.ok && d.message).toEqual({ kind: 'vehicle-control-reply', replySerial: 7, location: { ...cutFix, accOn: false, positioned: true } });
  });
});
