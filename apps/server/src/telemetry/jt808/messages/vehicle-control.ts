import { VENDOR_CONTROL_TYPE_DEFAULT } from '@cvrisk/contracts';
import { BadBody, BodyReader, BodyWriter } from '../body-reader.js';
import type { LocationFix, ProtocolVersion, VehicleControl, VehicleControlReply } from '../types.js';
import { readLocation, writeLocation } from './location.js';

/**
 * 0x8500. 2013: the control flag byte. 2019: a WORD count, then per control a WORD type id and its
 * parameter. Only one control with a BYTE parameter is read: that is all the platform sends, and
 * parameters of other lengths (vendor types) cannot be told apart without the vendor's table.
 */
export function decodeVehicleControl(r: BodyReader, version: ProtocolVersion): VehicleControl {
  if (version === 2013) return { kind: 'vehicle-control', flag: r.u8() };
  const count = r.u16();
  if (count !== 1) throw new BadBody(`0x8500 with ${count} controls`);
  const typeId = r.u16();
  return { kind: 'vehicle-control', flag: r.u8(), typeId };
}

export function encodeVehicleControl(m: VehicleControl, version: ProtocolVersion): Buffer {
  if (version === 2013) return new BodyWriter().u8(m.flag).toBuffer();
  return new BodyWriter().u16(1).u16(m.typeId ?? VENDOR_CONTROL_TYPE_DEFAULT).u8(m.flag).toBuffer();
}

/** 0x0500: the serial of the 0x8500 being answered, then a 0x0200 body (the status word shows the result). */
export function decodeVehicleControlReply(r: BodyReader): VehicleControlReply {
  const replySerial = r.u16();
  return { kind: 'vehicle-control-reply', replySerial, location: readLocation(r) };
}

export function encodeVehicleControlReply(m: VehicleControlReply<LocationFix>): Buffer {
  const w = new BodyWriter().u16(m.replySerial);
  writeLocation(w, m.location);
  return w.toBuffer();
}
