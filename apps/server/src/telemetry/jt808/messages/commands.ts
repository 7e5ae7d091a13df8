import { BodyReader, BodyWriter } from '../body-reader.js';
import type { ProtocolVersion, TemporaryTracking, TerminalControl, TextMessage } from '../types.js';

/** 0x8202: report every `intervalSeconds` for `validitySeconds`; interval 0 stops tracking. */
export function decodeTemporaryTracking(r: BodyReader): TemporaryTracking {
  return { kind: 'temporary-tracking', intervalSeconds: r.u16(), validitySeconds: r.u32() };
}

export function encodeTemporaryTracking(m: TemporaryTracking): Buffer {
  return new BodyWriter().u16(m.intervalSeconds).u32(m.validitySeconds).toBuffer();
}

/** 0x8105: command byte, then a GBK argument string for the commands that take one. */
export function decodeTerminalControl(r: BodyReader): TerminalControl {
  const m: TerminalControl = { kind: 'terminal-control', command: r.u8() };
  if (r.remaining > 0) m.parameter = r.restText();
  return m;
}

export function encodeTerminalControl(m: TerminalControl): Buffer {
  const w = new BodyWriter().u8(m.command);
  if (m.parameter !== undefined) w.text(m.parameter);
  return w.toBuffer();
}

/** 0x8300: flag byte, in 2019 a text-type byte, then GBK text. */
export function decodeTextMessage(r: BodyReader, version: ProtocolVersion): TextMessage {
  const m: TextMessage = { kind: 'text-message', flag: r.u8(), text: '' };
  if (version === 2019) m.textType = r.u8();
  m.text = r.restText();
  return m;
}

/** A 2019 message without a text type is sent as a notice (1). */
export function encodeTextMessage(m: TextMessage, version: ProtocolVersion): Buffer {
  const w = new BodyWriter().u8(m.flag);
  if (version === 2019) w.u8(m.textType ?? 1);
  return w.text(m.text).toBuffer();
}
