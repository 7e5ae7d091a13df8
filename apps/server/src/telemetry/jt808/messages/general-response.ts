import { BodyReader, BodyWriter } from '../body-reader.js';
import type { PlatformResponse, TerminalResponse } from '../types.js';

// 0x0001 (terminal) and 0x8001 (platform) share one layout: the serial and id being answered, then
// a result byte.

export function decodeTerminalResponse(r: BodyReader): TerminalResponse {
  return { kind: 'terminal-response', replySerial: r.u16(), replyId: r.u16(), result: r.u8() };
}

export function decodePlatformResponse(r: BodyReader): PlatformResponse {
  return { kind: 'platform-response', replySerial: r.u16(), replyId: r.u16(), result: r.u8() };
}

export function encodeGeneralResponse(m: TerminalResponse | PlatformResponse): Buffer {
  return new BodyWriter().u16(m.replySerial).u16(m.replyId).u8(m.result).toBuffer();
}
