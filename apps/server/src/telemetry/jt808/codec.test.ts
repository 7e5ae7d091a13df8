import { describe, expect, it } from 'vitest';
import { listAlarmBits } from './alarms.js';
import { decodeFrame } from './codec.js';
import { deviceNumberFromPhone } from './device-number.js';
import { checkCode, escapeBytes } from './escape.js';
import { encodeUplink } from './terminal-encoder.js';

/** A correctly framed and check-coded frame around arbitrary header + body bytes. */
function frameOf(content: Buffer): Buffer {
  return Buffer.concat([Buffer.of(0x7e), escapeBytes(Buffer.concat([content, Buffer.of(checkCode(content))])), Buffer.of(0x7e)]);
}

/** 2013 header for a 0x0200 from 013912345678, serial 1, declaring `length` body bytes. */
const header2013 = (id: number, properties: number) =>
  Buffer.concat([Buffer.from([id >> 8, id & 0xff, properties >> 8, properties & 0xff]), Buffer.from('0139123456780001', 'hex')]);

describe('decodeFrame failures', () => {
  it('too short for a header', () => {
    expect(decodeFrame(Buffer.from('7e7e', 'hex'))).toEqual({ ok: false, reason: 'too-short' });
    expect(decodeFrame(frameOf(Buffer.from('0200000001', 'hex')))).toEqual({ ok: false, reason: 'too-short' });
  });

  it('check code mismatch', () => {
    const good = encodeUplink({ version: 2013, phone: '1', serial: 1 }, { kind: 'heartbeat' }).bytes;
    const bad = Buffer.from(good);
    bad[bad.length - 2]! ^= 0x01;
    expect(decodeFrame(good).ok).toBe(true);
    expect(decodeFrame(bad)).toEqual({ ok: false, reason: 'bad-check' });
  });

  it('declared body length differs from the body', () => {
    const r = decodeFrame(frameOf(Buffer.concat([header2013(0x0200, 0x03ff), Buffer.alloc(28)])));
    expect(r).toMatchObject({ ok: false, reason: 'bad-length', header: { messageId: 0x0200, phone: '013912345678' } });
  });

  it('a body too short for its message keeps the header for the 0x8001 answer', () => {
    const r = decodeFrame(frameOf(Buffer.concat([header2013(0x0200, 10), Buffer.alloc(10)])));
    expect(r).toMatchObject({ ok: false, reason: 'bad-body', header: { messageId: 0x0200, serial: 1 } });
  });

  it('a 0x0704 item running past the body is malformed', () => {
    const body = Buffer.concat([Buffer.from('0001000050', 'hex'), Buffer.alloc(28)]);
    expect(decodeFrame(frameOf(Buffer.concat([header2013(0x0704, body.length), body])))).toMatchObject({ ok: false, reason: 'bad-body' });
  });

  it('an additional item running past the body ends the items but keeps the fix', () => {
    const body = Buffer.concat([Buffer.alloc(28), Buffer.from('3101093004ff', 'hex')]);
    const r = decodeFrame(frameOf(Buffer.concat([header2013(0x0200, body.length), body])));
    expect(r.ok && r.message.kind === 'location' && r.message.location.items).toEqual({ satellites: 9 });
  });

  it('encrypted bodies are not guessed at', () => {
    const r = decodeFrame(frameOf(Buffer.concat([header2013(0x0200, 0x0400 | 28), Buffer.alloc(28)])));
    expect(r).toMatchObject({ ok: false, reason: 'encrypted', header: { encryption: 1 } });
  });

  it('unknown ids are well-framed failures', () => {
    const r = decodeFrame(frameOf(Buffer.concat([header2013(0x0104, 3), Buffer.from('000102', 'hex')])));
    expect(r).toMatchObject({ ok: false, reason: 'unknown-message', header: { messageId: 0x0104 }, body: Buffer.from('000102', 'hex') });
  });
});

describe('listAlarmBits', () => {
  it('names the standard bits and leaves reserved ones unnamed', () => {
    expect(listAlarmBits(0)).toEqual([]);
    expect(listAlarmBits((1 << 0) | (1 << 16) | (1 << 29) | (1 << 31))).toEqual([
      { bit: 0, name: 'sos' },
      { bit: 16, name: null },
      { bit: 29, name: 'collision' },
      { bit: 31, name: 'illegalDoorOpen' },
    ]);
    expect(listAlarmBits(0xffffffff)).toHaveLength(32);
  });
});

describe('deviceNumberFromPhone', () => {
  it('drops BCD padding zeros', () => {
    expect(deviceNumberFromPhone('013912345678')).toBe('13912345678');
    expect(deviceNumberFromPhone('00000000013912345678')).toBe('13912345678');
    expect(deviceNumberFromPhone('000000000000')).toBe('0');
  });

  it('reads a binary IMEI and appends its Luhn digit', () => {
    // 35209900176148 + Luhn 1 = 352099001761481, the IMEI used as a Luhn example.
    expect(deviceNumberFromPhone((35209900176148).toString(16).padStart(12, '0'))).toBe('352099001761481');
  });
});
