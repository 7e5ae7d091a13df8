import { describe, expect, it } from 'vitest';
import { Rng } from '../../demo/random.js';
import { decodeFrame, decodeMessage, encodeDownlink } from './codec.js';
import { deviceNumberFromPhone } from './device-number.js';
import { FrameSplitter } from './frame-splitter.js';
import { MAX_BODY_BYTES } from './header.js';
import { ParameterId } from './messages/parameters.js';
import { SubPackageAssembler } from './sub-packages.js';
import { encodeUplink } from './terminal-encoder.js';
import type {
  DecodedMessage,
  DownlinkMessage,
  EncodedMessage,
  HeaderContext,
  Jt808Header,
  Location,
  LocationFix,
  ProtocolVersion,
  UplinkMessage,
} from './types.js';

const PHONE = '13912345678';

const DOWNLINK_KINDS: string[] = [
  'platform-response',
  'register-response',
  'location-query',
  'temporary-tracking',
  'set-parameters',
  'terminal-control',
  'text-message',
  'vehicle-control',
];
const isDownlink = (m: UplinkMessage<LocationFix> | DownlinkMessage): m is DownlinkMessage => DOWNLINK_KINDS.includes(m.kind);

/** Adds the flags the decoder derives from the status word. */
const decodedFix = (fix: LocationFix): Location => ({
  ...fix,
  accOn: (fix.status & 1) !== 0,
  positioned: (fix.status & 2) !== 0,
});

const fixA: LocationFix = {
  alarm: 0x80000081, // bit 31 checks the word stays unsigned
  status: 0x000c0003 | 0b1100, // south + west, set to match the negative coordinates
  latitude: -33.868819,
  longitude: -70.123456,
  altitude: 4120,
  speedKmh: 87.5,
  direction: 359,
  time: Date.UTC(2026, 2, 14, 3, 4, 5),
  items: {
    mileageKm: 123456.7,
    fuelLitres: 45.5,
    tachographSpeedKmh: 86.9,
    vehicleSignal: 0xdeadbeef,
    ioStatus: 0x0003,
    analog: 0x00100020,
    signalStrength: 31,
    satellites: 12,
  },
  rawItems: new Map([
    [0xe1, Buffer.from([0x5a])],
    [0xeb, Buffer.from('UTC+08:00~}')],
  ]),
};

const fixB: LocationFix = {
  alarm: 0,
  status: 0x00000002,
  latitude: 31.230416,
  longitude: 121.473701,
  altitude: 12,
  speedKmh: 0,
  direction: 0,
  time: Date.UTC(2026, 0, 1, 0, 0, 0),
  items: { mileageKm: 0 },
  rawItems: new Map(),
};

const fixNoTime: LocationFix = { ...fixB, status: 0, time: null, items: {} };

function uplinks(version: ProtocolVersion): UplinkMessage<LocationFix>[] {
  return [
    { kind: 'terminal-response', replySerial: 0x1234, replyId: 0x8103, result: 0 },
    { kind: 'heartbeat' },
    { kind: 'logout' },
    {
      kind: 'register',
      provinceId: 32,
      cityId: 500,
      manufacturerId: version === 2019 ? 'CVRISK-0001' : 'CVRSK',
      terminalModel: version === 2019 ? 'CV-W100 无线追踪器 Pro' : 'CV-W100',
      terminalId: version === 2019 ? '861234567890123' : 'A1B2C3D',
      plateColor: 2,
      plate: '苏E·12345',
    },
    version === 2019
      ? { kind: 'auth', authCode: 'code~}7e', imei: '861234567890123', softwareVersion: 'V1.2.3' }
      : { kind: 'auth', authCode: 'code~}7e' },
    { kind: 'location', location: fixA },
    { kind: 'location', location: fixNoTime },
    { kind: 'location-query-reply', replySerial: 0xfffe, location: fixB },
    { kind: 'vehicle-control-reply', replySerial: 0x7e7d, location: { ...fixA, status: fixA.status | 0x0c00 } },
    { kind: 'location-batch', batchType: 1, locations: [fixA, fixB, fixNoTime] },
  ];
}

function downlinks(version: ProtocolVersion): DownlinkMessage[] {
  return [
    { kind: 'platform-response', replySerial: 0x7e7d, replyId: 0x0200, result: 4 },
    { kind: 'register-response', replySerial: 7, result: 0, authCode: 'AC-2026-鉴权码' },
    { kind: 'register-response', replySerial: 8, result: 3 },
    { kind: 'location-query' },
    { kind: 'temporary-tracking', intervalSeconds: 30, validitySeconds: 3600 },
    {
      kind: 'set-parameters',
      parameters: [
        { id: ParameterId.defaultReportInterval, type: 'dword', value: 30 },
        { id: ParameterId.sleepReportInterval, type: 'dword', value: 3600 },
        { id: ParameterId.emergencyReportInterval, type: 'dword', value: 10 },
        { id: ParameterId.heartbeatInterval, type: 'dword', value: 0xffffffff },
        { id: ParameterId.mainServer, type: 'string', value: 'gw.cvrisk.cn' },
        { id: ParameterId.plate, type: 'string', value: '苏E12345' },
        { id: ParameterId.provinceId, type: 'word', value: 32 },
        { id: ParameterId.plateColor, type: 'byte', value: 2 },
        { id: 0xf001, type: 'bytes', value: Buffer.from('01027e', 'hex') },
      ],
    },
    { kind: 'terminal-control', command: 4 },
    { kind: 'terminal-control', command: 2, parameter: '0;cvrisk;;;gw.cvrisk.cn;7611;;;;0' },
    version === 2019
      ? { kind: 'text-message', flag: 0x0c, textType: 2, text: '请于本周内还款，谢谢' }
      : { kind: 'text-message', flag: 0x0c, text: '请于本周内还款，谢谢' },
    version === 2019 ? { kind: 'vehicle-control', flag: 0x7e, typeId: 0xf07d } : { kind: 'vehicle-control', flag: 0x7e },
  ];
}

/** What decoding must give back: locations gain their derived flags, nothing else changes. */
function expected(m: UplinkMessage<LocationFix> | DownlinkMessage): DecodedMessage {
  switch (m.kind) {
    case 'location':
    case 'location-query-reply':
    case 'vehicle-control-reply':
      return { ...m, location: decodedFix(m.location) };
    case 'location-batch':
      return { ...m, locations: m.locations.map(decodedFix) };
    default:
      return m;
  }
}

/** Feeds bytes to a fresh splitter in random chunks and decodes everything, reassembling parts. */
function receive(bytes: Buffer, rng: Rng): { header: Jt808Header; message: DecodedMessage }[] {
  const splitter = new FrameSplitter();
  const assembler = new SubPackageAssembler();
  const out: { header: Jt808Header; message: DecodedMessage }[] = [];
  for (let pos = 0; pos < bytes.length; ) {
    const n = rng.int(1, 64);
    for (const frame of splitter.push(bytes.subarray(pos, pos + n))) {
      const r = decodeFrame(frame);
      if (!r.ok) throw new Error(`frame failed: ${r.reason}`);
      if (r.message.kind !== 'fragment') {
        out.push(r);
        continue;
      }
      const whole = assembler.add(r.header, r.message.body, 0);
      if (!whole) continue;
      const d = decodeMessage(whole.header, whole.body);
      if (!d.ok) throw new Error(`reassembled message failed: ${d.reason}`);
      out.push(d);
    }
    pos += n;
  }
  expect(splitter.stats.garbageBytes).toBe(0);
  return out;
}

describe.each([2013, 2019] as const)('round trip with %i headers', (version) => {
  const messages = [...uplinks(version), ...downlinks(version)];
  const rng = new Rng(version);

  it('decodes every encoded message to the same values, header included', () => {
    let serial = 0xfff0; // crosses the 16-bit wrap on the way
    const encoded: EncodedMessage[] = [];
    for (const m of messages) {
      const ctx: HeaderContext = { version, phone: PHONE, serial };
      const e = isDownlink(m) ? encodeDownlink(ctx, m) : encodeUplink(ctx, m);
      expect(e.serials).toEqual([serial]);
      encoded.push(e);
      serial = (serial + 1) & 0xffff;
    }
    const received = receive(Buffer.concat(encoded.map((e) => e.bytes)), rng);
    expect(received.map((r) => r.message)).toEqual(messages.map(expected));
    received.forEach((r, i) => {
      expect(r.header.version).toBe(version);
      expect(r.header.serial).toBe(encoded[i]!.serials[0]);
      expect(deviceNumberFromPhone(r.header.phone)).toBe(PHONE);
    });
    expect(received[0]!.header.protocolVersion).toBe(version === 2019 ? 1 : undefined);
  });

  it('sub-packages a batch longer than 1023 bytes and reassembles it', () => {
    const locations = Array.from({ length: 30 }, (_, i) => ({
      ...fixA,
      time: fixA.time! + i * 10_000,
      latitude: (Math.round(fixA.latitude * 1e6) - i * 100) / 1e6,
    }));
    const message: UplinkMessage<LocationFix> = { kind: 'location-batch', batchType: 0, locations };
    const e = encodeUplink({ version, phone: PHONE, serial: 0xfffe }, message);
    // 30 positions of 82 bytes: three parts, with consecutive serials across the wrap.
    expect(e.serials).toEqual([0xfffe, 0xffff, 0x0000]);

    const frames = new FrameSplitter().push(e.bytes).map(decodeFrame);
    expect(frames.map((f) => f.ok && f.header.subPackage)).toEqual([
      { total: 3, index: 1 },
      { total: 3, index: 2 },
      { total: 3, index: 3 },
    ]);
    for (const f of frames) expect(f.ok && f.message.kind === 'fragment' && f.message.body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);

    const received = receive(e.bytes, rng);
    expect(received).toHaveLength(1);
    expect(received[0]!.header).not.toHaveProperty('subPackage');
    expect(received[0]!.header.serial).toBe(0xfffe);
    expect(received[0]!.message).toEqual(expected(message));
  });
});

describe('encoder input checks', () => {
  const ctx: HeaderContext = { version: 2013, phone: PHONE, serial: 1 };

  it('refuses a field that does not fit rather than cutting it', () => {
    expect(() =>
      encodeUplink(ctx, {
        kind: 'register',
        provinceId: 0,
        cityId: 0,
        manufacturerId: 'TOO-LONG',
        terminalModel: '',
        terminalId: '',
        plateColor: 0,
        plate: '',
      }),
    ).toThrow(RangeError);
    expect(() => encodeDownlink(ctx, { kind: 'temporary-tracking', intervalSeconds: 70_000, validitySeconds: 1 })).toThrow(RangeError);
    expect(() => encodeDownlink({ ...ctx, phone: '1234567890123' }, { kind: 'location-query' })).toThrow(RangeError);
  });

  it('sets the hemisphere bits from the coordinates', () => {
    const e = encodeUplink(ctx, { kind: 'location', location: { ...fixB, status: 0b1100, latitude: 10, longitude: 20 } });
    const r = decodeFrame(e.bytes);
    expect(r.ok && r.message.kind === 'location' && r.message.location).toMatchObject({ status: 0, latitude: 10, longitude: 20 });
  });
});
