import { describe, expect, it } from 'vitest';
import { listAlarmBits } from './alarms.js';
import { decodeFrame } from './codec.js';
import { deviceNumberFromPhone } from './device-number.js';
import type { DecodedMessage, DecodeResult, Jt808Header } from './types.js';

// Frames from traccar's Jt808ProtocolDecoderTest: what real terminals sent. traccar checks neither
// check codes nor lengths, so each frame below was also confirmed to carry correct ones.

const hex = (s: string) => Buffer.from(s, 'hex');
/** Beijing wall time → epoch ms. */
const beijing = (y: number, mo: number, d: number, h: number, mi: number, s: number) =>
  Date.UTC(y, mo - 1, d, h - 8, mi, s);

function decoded(frame: string): { header: Jt808Header; message: DecodedMessage } {
  const r = decodeFrame(hex(frame));
  if (!r.ok) throw new Error(`expected ok, got ${r.reason}`);
  return r;
}

function location(frame: string) {
  const { header, message } = decoded(frame);
  if (message.kind !== 'location') throw new Error(`expected a location, got ${message.kind}`);
  return { header, location: message.location };
}

function batch(frame: string) {
  const { header, message } = decoded(frame);
  if (message.kind !== 'location-batch') throw new Error(`expected a batch, got ${message.kind}`);
  return { header, batch: message };
}

describe('traccar vectors: 2019 header', () => {
  it('0x0100 register with a 10-byte phone and the 2019 field widths', () => {
    const { header, message } = decoded(
      '7e0100405c010000086649607758216452180000000000000000000000000000004d44333030000000000000000000000000000000000000000000000000003836363439363037373538323136340000000000000000000000000000000400000000000000000000000000000000' +
        '7a7e',
    );
    expect(header).toEqual({
      messageId: 0x0100,
      version: 2019,
      protocolVersion: 1,
      encryption: 0,
      phone: '00000866496077582164',
      serial: 0x5218,
    });
    expect(deviceNumberFromPhone(header.phone)).toBe('866496077582164');
    expect(message).toEqual({
      kind: 'register',
      provinceId: 0,
      cityId: 0,
      manufacturerId: '',
      terminalModel: 'MD300',
      terminalId: '866496077582164',
      plateColor: 4,
      plate: '',
    });
  });

  it('0x0704 batch of one south-hemisphere position', () => {
    const { header, batch: b } = batch(
      '7e0704402d0100000866496077582164881d0001000028000000000000000701a00192091f2a4700160000000226050916422701040000258230010031010e507e',
    );
    expect(header.version).toBe(2019);
    expect(header.serial).toBe(0x881d);
    expect(b.batchType).toBe(0);
    expect(b.locations).toHaveLength(1);
    expect(b.locations[0]).toEqual({
      alarm: 0,
      status: 7,
      latitude: -27.263378,
      longitude: 153.037383,
      altitude: 22,
      speedKmh: 0,
      direction: 2,
      time: beijing(2026, 5, 9, 16, 42, 27),
      items: { mileageKm: 960.2, signalStrength: 0, satellites: 14 },
      rawItems: new Map(),
      accOn: true,
      positioned: true,
    });
  });
});

describe('traccar vectors: 2013 header', () => {
  it('0x0002 heartbeat', () => {
    const { header, message } = decoded('7e0002000004304832546500b7ca7e');
    expect(header).toEqual({ messageId: 2, version: 2013, encryption: 0, phone: '043048325465', serial: 0xb7 });
    expect(message).toEqual({ kind: 'heartbeat' });
  });

  it('0x0102 authentication: the whole body is the code', () => {
    expect(decoded('7E0102000E013511221122000661757468656E7469636174696F6E3F7E').message).toEqual({
      kind: 'auth',
      authCode: 'authentication',
    });
    const other = decoded('7E010200100940278494700084323031313131303831313333323139369F7E');
    expect(other.header.phone).toBe('094027849470');
    expect(other.message).toEqual({ kind: 'auth', authCode: '2011110811332196' });
  });

  it('0x0100 register with a GBK plate', () => {
    const { header, message } = decoded(
      '7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136383630387E',
    );
    expect(header.phone).toBe('013511221122');
    expect(header.serial).toBe(5);
    expect(message).toEqual({
      kind: 'register',
      provinceId: 0,
      cityId: 0,
      manufacturerId: '70107',
      terminalModel: 'HB-R03GBD',
      terminalId: '2366104',
      plateColor: 2,
      plate: '苏BA6860',
    });
    expect(
      decoded(
        '7e0100002d0141305678720024002c012f373031313142534a2d41362d424400000000000000000000003035363738373201d4c14238383838386d7e',
      ).message,
    ).toMatchObject({ provinceId: 44, cityId: 303, terminalModel: 'BSJ-A6-BD', terminalId: '0567872', plate: '粤B88888' });
  });

  it('0x0100 register in the 2011 layout (8-byte model) that older terminals still send', () => {
    expect(
      decoded('7E01000021013345678906000F002C012F373031313142534A2D4D3742203030303030303001D4C1423838383838B47E').message,
    ).toEqual({
      kind: 'register',
      provinceId: 44,
      cityId: 303,
      manufacturerId: '70111',
      terminalModel: 'BSJ-M7B',
      terminalId: '0000000',
      plateColor: 1,
      plate: '粤B88888',
    });
  });

  it('0x0200 with the standard items', () => {
    const { header, location: l } = location(
      '7e0200002c00160128561400020000000000040001005de1f7065c6cef00000000000017011710044201040000a9002a02000030011b3101030c7e',
    );
    expect(header.phone).toBe('001601285614');
    expect(deviceNumberFromPhone(header.phone)).toBe('1601285614');
    expect(l).toMatchObject({
      latitude: 6.152695,
      longitude: 106.720495,
      speedKmh: 0,
      time: beijing(2017, 1, 17, 10, 4, 42),
      accOn: true,
      positioned: false,
      items: { mileageKm: 4326.4, ioStatus: 0, signalStrength: 27, satellites: 3 },
    });
    expect(l.rawItems.size).toBe(0);
  });

  it('0x0200 with speed, mileage and vendor items kept raw', () => {
    const { location: l } = location(
      '7e0200009e017721028890061b00000000004c000301d9f2d4073ca28d002b01c2000024011017260501040000023c3001193101162504000000001404000000011504000000041604000000001702000018030000002b0400000000e10400735443e20400001211e30a4e61747572654c696e6be635244f42442d52542c2c35352e3030302c3130332e37382c2c302e302c342c2c2c2c302e3030302c2c31323336302e32382c2c2c0d0aa27e',
    );
    expect(l).toMatchObject({
      alarm: 0,
      status: 0x004c0003,
      latitude: 31.060692,
      longitude: 121.414285,
      altitude: 43,
      speedKmh: 45,
      direction: 0,
      time: beijing(2024, 1, 10, 17, 26, 5),
      items: { mileageKm: 57.2, signalStrength: 25, satellites: 22, vehicleSignal: 0, analog: 0 },
    });
    expect([...l.rawItems.keys()]).toEqual([0x14, 0x15, 0x16, 0x17, 0x18, 0xe1, 0xe2, 0xe3, 0xe6]);
    expect(l.rawItems.get(0xe1)).toEqual(hex('00735443'));
    expect(l.rawItems.get(0xe3)!.toString('latin1')).toBe('NatureLink');
    expect(l.rawItems.get(0xe6)!.toString('latin1')).toMatch(/^\$OBD-RT,,55\.000,103\.78,/);
  });

  it('0x0200 with fuel and tachograph speed', () => {
    const { location: l } = location(
      '7E0200002A013833501744001900000000000000C201597FA806CC01580080000000081508180721210104000002F502020000030200009F7E',
    );
    expect(l.items).toEqual({ mileageKm: 75.7, fuelLitres: 0, tachographSpeedKmh: 0 });
    expect(l).toMatchObject({ latitude: 22.6426, longitude: 114.032984, altitude: 128, direction: 8, positioned: true });
    expect(l.time).toBe(beijing(2015, 8, 18, 7, 21, 21));
  });

  it('0x0200 alarm bits: low voltage, and vendor bit 17 with vendor items 0xFE/0xFF', () => {
    const lowVoltage = location(
      '7E020000480123456789010013000000800000000301597BC506CBFF6600EB00000155210726203531010400000000EB24000C00B28986047701207027150200060089FFFFEFFF0004002D0E10000600C5FFFFFFEF697E',
    ).location;
    expect(lowVoltage.alarm).toBe(0x80);
    expect(listAlarmBits(lowVoltage.alarm)).toEqual([{ bit: 7, name: 'lowVoltage' }]);
    expect(lowVoltage).toMatchObject({ latitude: 22.641605, longitude: 114.032486, altitude: 235, direction: 341 });
    expect(lowVoltage.rawItems.get(0xeb)).toHaveLength(0x24);

    const tamper = location(
      '7e02000033421030000018004c000200000004000201556dcb06c4d41d000c00f100fc210118095853010400000000fe0140ff0c01cc000000002694000055d87a7e',
    ).location;
    expect(listAlarmBits(tamper.alarm)).toEqual([{ bit: 17, name: null }]);
    expect(tamper).toMatchObject({ speedKmh: 24.1, direction: 252, accOn: false, positioned: true });
    expect(tamper.rawItems.get(0xfe)).toEqual(hex('40'));
    expect(tamper.rawItems.get(0xff)).toEqual(hex('01cc000000002694000055d8'));
  });

  it('0x0704 blind-area batch of 8', () => {
    const { header, batch: b } = batch(
      '7E0704014301356777777707F5000801002600000000000000030159741206CBFD5001720000000116052709062401040000001D03020000002600000000000000030159746606CBFD50016B0000000116052709065301040000001D0302000000260000000000000003015975E406CBFE58013F0000000116052709072701040000001D0302000000260000000000000003015976DE06CBFF10012E0000000116052709075601040000001D0302000000260000000000000003015976BC06CBFED0012D0000000116052709083001040000001D0302000000260000000000000003015976FE06CBFEC001080000000116052709090001040000001D0302000000260000000000000003015976FE06CBFE7800FC0000000116052709093301040000001D0302000000260000000000000003015977A606CBFF3001080000000116052709100201040000001D030200001F7E',
    );
    expect(header.phone).toBe('013567777777');
    expect(b.batchType).toBe(1);
    expect(b.locations).toHaveLength(8);
    expect(b.locations[0]).toMatchObject({
      latitude: 22.639634,
      longitude: 114.031952,
      altitude: 370,
      time: beijing(2016, 5, 27, 9, 6, 24),
      items: { mileageKm: 2.9, tachographSpeedKmh: 0 },
    });
    expect(b.locations[7]).toMatchObject({ latitude: 22.64055, longitude: 114.032432, time: beijing(2016, 5, 27, 9, 10, 2) });
  });

  it('0x0704 from a tracker that writes its IMEI in binary into the phone field', () => {
    const { header, batch: b } = batch(
      '7e070401654eb6fb4afd9e485b000601003900000000000c000301f5a58700ca24c5000d0000004925111215454501040000000025040000000030011731010aeb095554432b30383a3030003900000000000c000301f5a58e00ca24cd000d0000002825111215454701040000000025040000000030011731010aeb095554432b30383a3030003900000000000c000301f5a5ad00ca24de000e0000011025111215455901040000000025040000000030011931010aeb095554432b30383a3030003900000000000c000301f5a5b100ca24ed000e0000004625111215461401040000000025040000000030011931010aeb095554432b30383a3030003900000000000c000301f5a5a900ca24f5000e000000a125111215461701040000000025040000000030011931010aeb095554432b30383a3030003900000000000c000301f5a5af00ca24fb000e000000dd25111215463201040000000025040000000030011731010beb095554432b30383a3030537e',
    );
    expect(header.phone).toBe('4eb6fb4afd9e');
    expect(deviceNumberFromPhone(header.phone)).toBe('865478070102068');
    expect(b.locations).toHaveLength(6);
    expect(b.locations[5]).toMatchObject({
      latitude: 32.875951,
      longitude: 13.247739,
      direction: 221,
      time: beijing(2025, 11, 12, 15, 46, 32),
      items: { mileageKm: 0, vehicleSignal: 0, signalStrength: 23, satellites: 11 },
    });
    expect(b.locations[5]!.rawItems.get(0xeb)!.toString('latin1')).toBe('UTC+08:00');
  });

  it('0x0201 position query reply', () => {
    expect(decoded('7E0201001E000000000008000100010000000000000002015752A006CB8080000000000000260824153000517E').message).toMatchObject({
      kind: 'location-query-reply',
      replySerial: 1,
      location: { latitude: 22.5, longitude: 114, positioned: true, time: Date.UTC(2026, 7, 24, 7, 30, 0) },
    });
  });

  it('0x0900 is well framed but unknown, with the header kept for the 0x8001 answer', () => {
    const r: DecodeResult = decodeFrame(hex('7e0900001b41305888975883194000184754534c7c367c317c307c31303231383039347c317c0d0ab47e'));
    expect(r).toMatchObject({ ok: false, reason: 'unknown-message', header: { messageId: 0x0900, phone: '413058889758', serial: 0x8319 } });
    expect(r.ok === false && r.body?.length).toBe(0x1b);
  });
});

describe('traccar vectors that are not valid frames', () => {
  it('a frame edited by hand (length and check code no longer match) fails its check', () => {
    expect(
      decodeFrame(hex('7E02000032013511221122000700000000000C000301578CC006CA3A5C00470000000014072317201501040000000030011631010BD07E')),
    ).toEqual({ ok: false, reason: 'bad-check' });
  });

  it('a frame with 0x7d followed by 0xa0 is not escaped data', () => {
    expect(
      decodeFrame(
        hex(
          '7E0200008201215233475100030000000000000003015A7F6106CF8CEC003D0000000021071311481901040000005630011931011AE10200755D3D0601CC0024990A7dA0032301CC002499099B2941FC01CC002499099B29430B01CC0024990A7dA0290601CC0024990A7dA015FD01CC0026220994506BFFFE157C010400000001F10C000000000000000000000000997E',
        ),
      ),
    ).toEqual({ ok: false, reason: 'bad-escape' });
  });
});
