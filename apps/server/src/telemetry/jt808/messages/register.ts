import { BodyReader, BodyWriter } from '../body-reader.js';
import { RegisterResult } from '../message-ids.js';
import type { ProtocolVersion, Register, RegisterResponse } from '../types.js';

interface Layout {
  manufacturer: number;
  model: number;
  terminalId: number;
}

const LAYOUT_2019: Layout = { manufacturer: 11, model: 30, terminalId: 30 };
const LAYOUT_2013: Layout = { manufacturer: 5, model: 20, terminalId: 7 };
// JT/T 808-2011 terminals (still common) send the 2013 header with an 8-byte model field.
const LAYOUT_2011: Layout = { manufacturer: 5, model: 8, terminalId: 7 };

const fixedBytes = (l: Layout) => 2 + 2 + l.manufacturer + l.model + l.terminalId + 1;

function layoutFor(version: ProtocolVersion, bodyLength: number): Layout {
  if (version === 2019) return LAYOUT_2019;
  // The body is too short for the 2013 fields: it can only be the 2011 layout.
  return bodyLength >= fixedBytes(LAYOUT_2013) ? LAYOUT_2013 : LAYOUT_2011;
}

/** 0x0100. */
export function decodeRegister(r: BodyReader, version: ProtocolVersion): Register {
  const l = layoutFor(version, r.remaining);
  return {
    kind: 'register',
    provinceId: r.u16(),
    cityId: r.u16(),
    manufacturerId: r.paddedText(l.manufacturer),
    terminalModel: r.paddedText(l.model),
    terminalId: r.paddedText(l.terminalId),
    plateColor: r.u8(),
    plate: r.paddedText(r.remaining),
  };
}

/** Encodes the 2013 or 2019 layout (never 2011). */
export function encodeRegister(m: Register, version: ProtocolVersion): Buffer {
  const l = version === 2019 ? LAYOUT_2019 : LAYOUT_2013;
  return new BodyWriter()
    .u16(m.provinceId)
    .u16(m.cityId)
    .paddedText(m.manufacturerId, l.manufacturer)
    .paddedText(m.terminalModel, l.model)
    .paddedText(m.terminalId, l.terminalId)
    .u8(m.plateColor)
    .text(m.plate)
    .toBuffer();
}

/** 0x8100: the auth code follows only a successful result. */
export function decodeRegisterResponse(r: BodyReader): RegisterResponse {
  const replySerial = r.u16();
  const result = r.u8();
  const m: RegisterResponse = { kind: 'register-response', replySerial, result };
  if (result === RegisterResult.success) m.authCode = r.restText();
  return m;
}

export function encodeRegisterResponse(m: RegisterResponse): Buffer {
  const w = new BodyWriter().u16(m.replySerial).u8(m.result);
  if (m.result === RegisterResult.success) w.text(m.authCode ?? '');
  return w.toBuffer();
}
