import { BadBody, BodyReader } from './body-reader.js';
import { checkCode, FLAG, unescapeBytes } from './escape.js';
import { packFrames } from './frame-writer.js';
import { parseHeader } from './header.js';
import { MessageId } from './message-ids.js';
import { decodeAuth } from './messages/auth.js';
import {
  decodeTemporaryTracking,
  decodeTerminalControl,
  decodeTextMessage,
  encodeTemporaryTracking,
  encodeTerminalControl,
  encodeTextMessage,
} from './messages/commands.js';
import { decodePlatformResponse, decodeTerminalResponse, encodeGeneralResponse } from './messages/general-response.js';
import { decodeLocationBatch } from './messages/location-batch.js';
import { decodeLocationQueryReply, decodeLocationReport } from './messages/location.js';
import { decodeSetParameters, encodeSetParameters } from './messages/parameters.js';
import { decodeRegister, decodeRegisterResponse, encodeRegisterResponse } from './messages/register.js';
import { decodeVehicleControl, decodeVehicleControlReply, encodeVehicleControl } from './messages/vehicle-control.js';
import type {
  DecodedMessage,
  DecodeResult,
  DownlinkMessage,
  EncodedMessage,
  HeaderContext,
  Jt808Header,
  ProtocolVersion,
} from './types.js';

type BodyDecoder = (r: BodyReader, version: ProtocolVersion) => DecodedMessage;

const DECODERS = new Map<number, BodyDecoder>([
  [MessageId.terminalResponse, decodeTerminalResponse],
  [MessageId.heartbeat, () => ({ kind: 'heartbeat' })],
  [MessageId.logout, () => ({ kind: 'logout' })],
  [MessageId.register, decodeRegister],
  [MessageId.auth, decodeAuth],
  [MessageId.location, decodeLocationReport],
  [MessageId.locationQueryReply, decodeLocationQueryReply],
  [MessageId.vehicleControlReply, decodeVehicleControlReply],
  [MessageId.locationBatch, decodeLocationBatch],
  [MessageId.platformResponse, decodePlatformResponse],
  [MessageId.registerResponse, decodeRegisterResponse],
  [MessageId.setParameters, decodeSetParameters],
  [MessageId.terminalControl, decodeTerminalControl],
  [MessageId.locationQuery, () => ({ kind: 'location-query' })],
  [MessageId.temporaryTracking, decodeTemporaryTracking],
  [MessageId.textMessage, decodeTextMessage],
  [MessageId.vehicleControl, decodeVehicleControl],
]);

/**
 * Decodes one frame as `FrameSplitter` yields it (the 0x7e delimiters may be present or not).
 * Never throws: anything wrong with the bytes comes back as `{ ok: false, reason }`, with the
 * header whenever it could be read so the gateway can still answer 0x8001.
 * A sub-packaged part comes back as a `fragment` for `SubPackageAssembler`.
 */
export function decodeFrame(frame: Uint8Array): DecodeResult {
  let start = 0;
  let end = frame.length;
  if (frame[start] === FLAG) start++;
  if (end > start && frame[end - 1] === FLAG) end--;
  const content = unescapeBytes(frame.subarray(start, end));
  if (content === null) return { ok: false, reason: 'bad-escape' };
  if (content.length < 2) return { ok: false, reason: 'too-short' };
  const withoutCheck = content.subarray(0, content.length - 1);
  if (checkCode(withoutCheck) !== content[content.length - 1]) return { ok: false, reason: 'bad-check' };

  const parsed = parseHeader(withoutCheck);
  if (!parsed.ok) return { ok: false, reason: 'too-short' };
  const { header } = parsed;
  const body = withoutCheck.subarray(parsed.headerLength);
  if (body.length !== parsed.declaredBodyLength) return { ok: false, reason: 'bad-length', header, body };
  if (header.encryption !== 0) return { ok: false, reason: 'encrypted', header, body };
  if (header.subPackage) return { ok: true, header, message: { kind: 'fragment', body } };
  return decodeMessage(header, body);
}

/** Decodes a body: one frame's, or one reassembled from sub-packages. Never throws. */
export function decodeMessage(header: Jt808Header, body: Buffer): DecodeResult {
  const decode = DECODERS.get(header.messageId);
  if (!decode) return { ok: false, reason: 'unknown-message', header, body };
  try {
    return { ok: true, header, message: decode(new BodyReader(body), header.version) };
  } catch (err) {
    if (err instanceof BadBody) return { ok: false, reason: 'bad-body', header, body };
    throw err;
  }
}

function downlinkBody(m: DownlinkMessage, version: ProtocolVersion): [number, Buffer] {
  switch (m.kind) {
    case 'platform-response':
      return [MessageId.platformResponse, encodeGeneralResponse(m)];
    case 'register-response':
      return [MessageId.registerResponse, encodeRegisterResponse(m)];
    case 'location-query':
      return [MessageId.locationQuery, Buffer.alloc(0)];
    case 'temporary-tracking':
      return [MessageId.temporaryTracking, encodeTemporaryTracking(m)];
    case 'set-parameters':
      return [MessageId.setParameters, encodeSetParameters(m)];
    case 'terminal-control':
      return [MessageId.terminalControl, encodeTerminalControl(m)];
    case 'text-message':
      return [MessageId.textMessage, encodeTextMessage(m, version)];
    case 'vehicle-control':
      return [MessageId.vehicleControl, encodeVehicleControl(m, version)];
  }
}

/**
 * Encodes a platform message to the terminal in `ctx`, in its connection's header version.
 * Throws RangeError on values that do not fit their fields (our bug, not wire noise).
 */
export function encodeDownlink(ctx: HeaderContext, message: DownlinkMessage): EncodedMessage {
  const [messageId, body] = downlinkBody(message, ctx.version);
  return packFrames(ctx, messageId, body);
}
