import { checkCode, escapeBytes, FLAG } from './escape.js';
import { MAX_BODY_BYTES, writeHeader } from './header.js';
import type { EncodedMessage, HeaderContext } from './types.js';

/** One complete frame: delimiter, escaped header + body + check code, delimiter. */
function frame(content: Buffer): Buffer {
  const withCheck = Buffer.concat([content, Buffer.of(checkCode(content))]);
  return Buffer.concat([Buffer.of(FLAG), escapeBytes(withCheck), Buffer.of(FLAG)]);
}

/**
 * Frames a body, sub-packaging it when it exceeds `maxChunk` bytes (the 10-bit length field's
 * limit by default). Sub-packages take consecutive serials from `ctx.serial`, as the standard
 * requires, so the receiver can find the first part's serial from any part.
 */
export function packFrames(
  ctx: HeaderContext,
  messageId: number,
  body: Buffer,
  maxChunk: number = MAX_BODY_BYTES,
): EncodedMessage {
  const base = { messageId, version: ctx.version, protocolVersion: ctx.protocolVersion, phone: ctx.phone };
  if (body.length <= maxChunk) {
    const header = writeHeader({ ...base, serial: ctx.serial, bodyLength: body.length });
    return { bytes: frame(Buffer.concat([header, body])), serials: [ctx.serial] };
  }
  const total = Math.ceil(body.length / maxChunk);
  if (total > 0xffff) throw new RangeError(`body of ${body.length} bytes needs more than 65535 packages`);
  const frames: Buffer[] = [];
  const serials: number[] = [];
  for (let i = 0; i < total; i++) {
    const serial = (ctx.serial + i) & 0xffff;
    const chunk = body.subarray(i * maxChunk, (i + 1) * maxChunk);
    const header = writeHeader({ ...base, serial, bodyLength: chunk.length, subPackage: { total, index: i + 1 } });
    frames.push(frame(Buffer.concat([header, chunk])));
    serials.push(serial);
  }
  return { bytes: Buffer.concat(frames), serials };
}
