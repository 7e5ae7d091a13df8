import { BodyReader, BodyWriter } from '../body-reader.js';
import type { Auth, ProtocolVersion } from '../types.js';

const IMEI_BYTES = 15;
const SOFTWARE_VERSION_BYTES = 20;

/** 0x0102. 2013: the auth code is the whole body. 2019: length-prefixed code, IMEI, software version. */
export function decodeAuth(r: BodyReader, version: ProtocolVersion): Auth {
  if (version === 2013) return { kind: 'auth', authCode: r.restText() };
  const authCode = r.paddedText(r.u8());
  return {
    kind: 'auth',
    authCode,
    imei: r.paddedText(IMEI_BYTES),
    softwareVersion: r.paddedText(SOFTWARE_VERSION_BYTES),
  };
}

export function encodeAuth(m: Auth, version: ProtocolVersion): Buffer {
  if (version === 2013) return new BodyWriter().text(m.authCode).toBuffer();
  const code = new BodyWriter().text(m.authCode).toBuffer();
  return new BodyWriter()
    .u8(code.length)
    .bytes(code)
    .paddedText(m.imei ?? '', IMEI_BYTES)
    .paddedText(m.softwareVersion ?? '', SOFTWARE_VERSION_BYTES)
    .toBuffer();
}
