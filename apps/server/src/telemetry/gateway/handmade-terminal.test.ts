import net from 'node:net';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createJt808Gateway, type Jt808Gateway } from './gateway.js';

/**
 * A terminal written by hand from JT/T 808-2013, byte by byte, sharing no code with the product's
 * codec: what a real tracker sends, and what it must get back.
 */
function frame(messageId: number, phone: string, serial: number, body: Buffer): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(messageId, 0);
  header.writeUInt16BE(body.length, 2); // no sub-package, no encryption, 2013 header
  Buffer.from(phone, 'hex').copy(header, 4); // BCD[6]
  header.writeUInt16BE(serial, 10);
  const raw = Buffer.concat([header, body]);
  let check = 0;
  for (const b of raw) check ^= b;
  const escaped: number[] = [];
  for (const b of [...raw, check]) {
    if (b === 0x7e) escaped.push(0x7d, 0x02);
    else if (b === 0x7d) escaped.push(0x7d, 0x01);
    else escaped.push(b);
  }
  return Buffer.from([0x7e, ...escaped, 0x7e]);
}

function unframe(bytes: Buffer): { id: number; body: Buffer } {
  const inner: number[] = [];
  for (let i = 1; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x7d) inner.push(bytes[++i] === 0x02 ? 0x7e : 0x7d);
    else inner.push(bytes[i]!);
  }
  const b = Buffer.from(inner);
  return { id: b.readUInt16BE(0), body: b.subarray(12, 12 + (b.readUInt16BE(2) & 0x3ff)) };
}

const padded = (text: string, length: number) => Buffer.concat([Buffer.from(text, 'ascii'), Buffer.alloc(length - text.length)]);

let t: TestApp;
let gateway: Jt808Gateway;
let port = 0;
let number = '';

beforeAll(async () => {
  t = await createTestApp();
  gateway = createJt808Gateway({ port: 0, host: '127.0.0.1', db: t.db, sqlite: t.handle.sqlite, pipeline: t.telemetry.pipeline, commands: t.telemetry.commands, autoRegister: false, idleTimeoutMs: 10_000, log: { info() {}, warn() {} } });
  port = await gateway.listen();
  number = (await t.db.selectFrom('device').select('device_number').where('kind', '=', 1).orderBy('id').executeTakeFirstOrThrow()).device_number;
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});

describe('a terminal scripted by hand from the standard', () => {
  it('registers, authenticates, reports, and its fix replays with the right place, speed and time', async () => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const replies: Buffer[] = [];
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const start = pending.indexOf(0x7e);
        const end = pending.indexOf(0x7e, start + 1);
        if (start < 0 || end < 0) break;
        replies.push(pending.subarray(start, end + 1));
        pending = pending.subarray(end + 1);
      }
    });
    await new Promise((r) => socket.once('connect', r));
    const next = async () => {
      while (replies.length === 0) await new Promise((r) => setTimeout(r, 10));
      return unframe(replies.shift()!);
    };
    const phone = number.padStart(12, '0');

    // 0x0100 register: province 33 (浙江), city 0x0064, maker, model, terminal id, plate colour 1, plate in GBK.
    const register = Buffer.concat([
      Buffer.from([0x00, 0x21, 0x00, 0x64]), padded('CVRSK', 5), padded('GT06N', 20), padded('0000001', 7), Buffer.from([0x01]),
      iconv.encode('浙A12345', 'gbk'),
    ]);
    socket.write(frame(0x0100, phone, 1, register));
    const registered = await next();
    expect(registered.id).toBe(0x8100);
    expect(registered.body.readUInt16BE(0)).toBe(1); // the serial it answers
    expect(registered.body[2]).toBe(0); // success
    const authCode = registered.body.subarray(3);

    // 0x0102 authentication with that code.
    socket.write(frame(0x0102, phone, 2, authCode));
    const authed = await next();
    expect(authed.id).toBe(0x8001);
    expect([authed.body.readUInt16BE(0), authed.body.readUInt16BE(2), authed.body[4]]).toEqual([2, 0x0102, 0]);

    // 0x0200 location: ACC on and positioned, 30.287459 N 120.153576 E, 15 m, 42.5 km/h, 87°,
    // 2026-11-21 10:00:00 (GMT+8), mileage 12345.6 km, signal 25, 12 satellites.
    const location = Buffer.alloc(28);
    location.writeUInt32BE(0, 0);
    location.writeUInt32BE(0b11, 4);
    location.writeUInt32BE(30_287_459, 8);
    location.writeUInt32BE(120_153_576, 12);
    location.writeUInt16BE(15, 16);
    location.writeUInt16BE(425, 18);
    location.writeUInt16BE(87, 20);
    Buffer.from('261121100000', 'hex').copy(location, 22);
    const items = Buffer.from([0x01, 0x04, 0x00, 0x01, 0xe2, 0x40, 0x30, 0x01, 0x19, 0x31, 0x01, 0x0c]);
    socket.write(frame(0x0200, phone, 3, Buffer.concat([location, items])));
    const acked = await next();
    expect([acked.id, acked.body.readUInt16BE(0), acked.body.readUInt16BE(2), acked.body[4]]).toEqual([0x8001, 3, 0x0200, 0]);
    socket.destroy();

    const token = await t.login('admin');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/device/trackReplayWired?deviceNumber=${number}&startTime=2026-11-21%2009:00:00&endTime=2026-11-21%2011:00:00`,
      headers: { accessToken: token },
    });
    expect(res.json().result.list).toEqual([
      expect.objectContaining({ lat: 30.287459, lng: 120.153576, speed: 42.5, direction: 87, gpsTime: '2026-11-21 10:00:00', acc: 1 }),
    ]);
    const status = await t.db.selectFrom('device_status as s').innerJoin('device as d', 'd.id', 's.device_id')
      .select(['s.mileage', 's.signal', 's.satellites']).where('d.device_number', '=', number).executeTakeFirstOrThrow();
    expect(status).toEqual({ mileage: 12345.6, signal: 25, satellites: 12 });
  });
});
