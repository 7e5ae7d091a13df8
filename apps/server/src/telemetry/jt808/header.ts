import { readBcd, writeBcd } from './bcd.js';
import type { Jt808Header, ProtocolVersion } from './types.js';

/** The body-length field is 10 bits; longer bodies must be sub-packaged. */
export const MAX_BODY_BYTES = 0x3ff;

const LENGTH_MASK = 0x03ff;
const ENCRYPTION_SHIFT = 10;
const SUB_PACKAGE_BIT = 0x2000;
const VERSION_2019_BIT = 0x4000;

const phoneBytes = (version: ProtocolVersion) => (version === 2019 ? 10 : 6);

/** id(2) + properties(2) + [version(1)] + phone(6|10) + serial(2) + [total(2) + index(2)]. */
export function headerLength(version: ProtocolVersion, subPackaged: boolean): number {
  return 4 + (version === 2019 ? 1 : 0) + phoneBytes(version) + 2 + (subPackaged ? 4 : 0);
}

/** The largest header: the splitter's frame-size bound depends on it. */
export const MAX_HEADER_BYTES = headerLength(2019, true);

export type ParsedHeader =
  | { ok: true; header: Jt808Header; headerLength: number; declaredBodyLength: number }
  | { ok: false };

/** Parses the header at the start of `content` (unescaped, check code removed). */
export function parseHeader(content: Buffer): ParsedHeader {
  if (content.length < 4) return { ok: false };
  const messageId = content.readUInt16BE(0);
  const properties = content.readUInt16BE(2);
  const version: ProtocolVersion = properties & VERSION_2019_BIT ? 2019 : 2013;
  const subPackaged = (properties & SUB_PACKAGE_BIT) !== 0;
  const length = headerLength(version, subPackaged);
  if (content.length < length) return { ok: false };

  const phoneAt = version === 2019 ? 5 : 4;
  const serialAt = phoneAt + phoneBytes(version);
  const header: Jt808Header = {
    messageId,
    version,
    encryption: (properties >> ENCRYPTION_SHIFT) & 0b111,
    phone: readBcd(content.subarray(phoneAt, serialAt)),
    serial: content.readUInt16BE(serialAt),
  };
  if (version === 2019) header.protocolVersion = content.readUInt8(4);
  if (subPackaged) {
    header.subPackage = { total: content.readUInt16BE(serialAt + 2), index: content.readUInt16BE(serialAt + 4) };
  }
  return { ok: true, header, headerLength: length, declaredBodyLength: properties & LENGTH_MASK };
}

export interface HeaderFields {
  messageId: number;
  version: ProtocolVersion;
  protocolVersion?: number;
  phone: string;
  serial: number;
  bodyLength: number;
  subPackage?: { total: number; index: number };
}

export function writeHeader(h: HeaderFields): Buffer {
  if (h.bodyLength > MAX_BODY_BYTES) throw new RangeError(`body of ${h.bodyLength} bytes needs sub-packaging`);
  const out = Buffer.alloc(headerLength(h.version, h.subPackage !== undefined));
  let at = out.writeUInt16BE(h.messageId, 0);
  const properties =
    h.bodyLength | (h.subPackage ? SUB_PACKAGE_BIT : 0) | (h.version === 2019 ? VERSION_2019_BIT : 0);
  at = out.writeUInt16BE(properties, at);
  if (h.version === 2019) at = out.writeUInt8(h.protocolVersion ?? 1, at);
  at += writeBcd(h.phone, phoneBytes(h.version)).copy(out, at);
  at = out.writeUInt16BE(h.serial, at);
  if (h.subPackage) {
    at = out.writeUInt16BE(h.subPackage.total, at);
    out.writeUInt16BE(h.subPackage.index, at);
  }
  return out;
}
