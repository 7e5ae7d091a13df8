import { BodyReader, BodyWriter } from '../body-reader.js';
import { decodePaddedGbk } from '../gbk.js';
import type { ParameterValue, SetParameters, TerminalParameter } from '../types.js';

/** Parameter ids the platform sets, with their standard types. */
export const ParameterId = {
  heartbeatInterval: 0x0001,
  tcpReplyTimeout: 0x0002,
  apn: 0x0010,
  mainServer: 0x0013,
  serverTcpPort: 0x0018,
  reportingStrategy: 0x0020,
  reportingScheme: 0x0021,
  sleepReportInterval: 0x0027,
  emergencyReportInterval: 0x0028,
  defaultReportInterval: 0x0029,
  defaultReportDistance: 0x002c,
  cornerAngle: 0x0030,
  maxSpeed: 0x0055,
  overspeedDuration: 0x0056,
  odometer: 0x0080,
  provinceId: 0x0081,
  cityId: 0x0082,
  plate: 0x0083,
  plateColor: 0x0084,
} as const;

type ValueType = ParameterValue['type'];

const TYPES = new Map<number, ValueType>([
  [ParameterId.apn, 'string'],
  [ParameterId.mainServer, 'string'],
  [ParameterId.plate, 'string'],
  [ParameterId.provinceId, 'word'],
  [ParameterId.cityId, 'word'],
  [ParameterId.plateColor, 'byte'],
]);

/** The standard type of a known id; every other id in `ParameterId` is a DWORD. */
function typeOf(id: number): ValueType | undefined {
  const known = TYPES.get(id);
  if (known) return known;
  return (Object.values(ParameterId) as number[]).includes(id) ? 'dword' : undefined;
}

const WIDTH = { byte: 1, word: 2, dword: 4 } as const;

function readValue(id: number, value: Buffer): ParameterValue {
  const type = typeOf(id);
  if (type === 'string') return { type, value: decodePaddedGbk(value) };
  if ((type === 'byte' || type === 'word' || type === 'dword') && value.length === WIDTH[type]) {
    return { type, value: value.readUIntBE(0, value.length) };
  }
  return { type: 'bytes', value };
}

function writeValue(p: TerminalParameter): Buffer {
  switch (p.type) {
    case 'string':
      return new BodyWriter().text(p.value).toBuffer();
    case 'bytes':
      return p.value;
    default: {
      const b = Buffer.alloc(WIDTH[p.type]);
      b.writeUIntBE(p.value, 0, b.length);
      return b;
    }
  }
}

/** 0x8103: count, then id (DWORD), length, value for each parameter. */
export function decodeSetParameters(r: BodyReader): SetParameters {
  const count = r.u8();
  const parameters: TerminalParameter[] = [];
  for (let i = 0; i < count; i++) {
    const id = r.u32();
    parameters.push({ id, ...readValue(id, r.bytes(r.u8())) });
  }
  return { kind: 'set-parameters', parameters };
}

export function encodeSetParameters(m: SetParameters): Buffer {
  const w = new BodyWriter().u8(m.parameters.length);
  for (const p of m.parameters) {
    const value = writeValue(p);
    w.u32(p.id).u8(value.length).bytes(value);
  }
  return w.toBuffer();
}
