import { checkCode, escapeBytes, FLAG } from './escape.js';
import { writeHeader } from './header.js';
import { MessageId } from './message-ids.js';
import type { HeaderContext } from './types.js';

/** 0x8001's body: reply serial, reply message id, result. */
const BODY_BYTES = 5;

/**
 * Encodes 0x8001 general responses to one terminal from a template made once: every stored position
 * is answered with one, and the general encoder's header object, spreads and concatenations cost
 * more than the rest of the acknowledgement. Byte for byte what `encodeDownlink` writes.
 */
export function createAckEncoder(ctx: Omit<HeaderContext, 'serial'>) {
  const header = writeHeader({ ...ctx, messageId: MessageId.platformResponse, serial: 0, bodyLength: BODY_BYTES });
  const content = Buffer.alloc(header.length + BODY_BYTES + 1);
  header.copy(content);
  const serialAt = header.length - 2;
  const checkAt = content.length - 1;
  return (serial: number, replySerial: number, replyId: number, result: number): Buffer => {
    content.writeUInt16BE(serial, serialAt);
    content.writeUInt16BE(replySerial, serialAt + 2);
    content.writeUInt16BE(replyId, serialAt + 4);
    content[serialAt + 6] = result;
    content[checkAt] = checkCode(content.subarray(0, checkAt));
    const escaped = escapeBytes(content);
    const out = Buffer.allocUnsafe(escaped.length + 2);
    out[0] = FLAG;
    escaped.copy(out, 1);
    out[out.length - 1] = FLAG;
    return out;
  };
}

export type AckEncoder = ReturnType<typeof createAckEncoder>;
