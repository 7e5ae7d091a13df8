import { packFrames } from './frame-writer.js';
import { MessageId } from './message-ids.js';
import { encodeAuth } from './messages/auth.js';
import { encodeGeneralResponse } from './messages/general-response.js';
import { encodeLocationBatch } from './messages/location-batch.js';
import { encodeLocationQueryReply, encodeLocationReport } from './messages/location.js';
import { encodeRegister } from './messages/register.js';
import { encodeVehicleControlReply } from './messages/vehicle-control.js';
import type { EncodedMessage, HeaderContext, LocationFix, ProtocolVersion, UplinkMessage } from './types.js';

function uplinkBody(m: UplinkMessage<LocationFix>, version: ProtocolVersion): [number, Buffer] {
  switch (m.kind) {
    case 'terminal-response':
      return [MessageId.terminalResponse, encodeGeneralResponse(m)];
    case 'heartbeat':
      return [MessageId.heartbeat, Buffer.alloc(0)];
    case 'logout':
      return [MessageId.logout, Buffer.alloc(0)];
    case 'register':
      return [MessageId.register, encodeRegister(m, version)];
    case 'auth':
      return [MessageId.auth, encodeAuth(m, version)];
    case 'location':
      return [MessageId.location, encodeLocationReport(m)];
    case 'location-query-reply':
      return [MessageId.locationQueryReply, encodeLocationQueryReply(m)];
    case 'vehicle-control-reply':
      return [MessageId.vehicleControlReply, encodeVehicleControlReply(m)];
    case 'location-batch':
      return [MessageId.locationBatch, encodeLocationBatch(m)];
  }
}

/**
 * Encodes what a terminal sends, for the fleet simulator's virtual terminals (and the tests).
 * Bodies over 1023 bytes (a long 0x0704) are sub-packaged. Throws RangeError on values that do
 * not fit their fields.
 */
export function encodeUplink(ctx: HeaderContext, message: UplinkMessage<LocationFix>): EncodedMessage {
  const [messageId, body] = uplinkBody(message, ctx.version);
  return packFrames(ctx, messageId, body);
}
