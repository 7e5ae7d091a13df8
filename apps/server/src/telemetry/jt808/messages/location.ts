import { BCD_TIME_BYTES, readBcdTime, writeBcdTime } from '../bcd.js';
import { BodyReader, BodyWriter } from '../body-reader.js';
import type { Location, LocationFix, LocationQueryReply, LocationReport } from '../types.js';
import { readItems, writeItems } from './location-items.js';

const SOUTH = 1 << 2;
const WEST = 1 << 3;

/** 0x0200 body: 28 fixed bytes, then additional items. */
export function readLocation(r: BodyReader): Location {
  const alarm = r.u32();
  const status = r.u32();
  const lat = r.u32() / 1e6;
  const lng = r.u32() / 1e6;
  const altitude = r.u16();
  const speedKmh = r.u16() / 10;
  const direction = r.u16();
  const time = readBcdTime(r.bytes(BCD_TIME_BYTES));
  const { items, rawItems } = readItems(r);
  return {
    alarm,
    status,
    latitude: status & SOUTH ? -lat : lat,
    longitude: status & WEST ? -lng : lng,
    altitude,
    speedKmh,
    direction,
    time,
    items,
    rawItems,
    accOn: (status & 1) !== 0,
    positioned: (status & 2) !== 0,
  };
}

/** The hemisphere bits follow the signs of the coordinates, whatever `status` says about them. */
export function writeLocation(w: BodyWriter, fix: LocationFix): void {
  const status = ((fix.status & ~(SOUTH | WEST)) | (fix.latitude < 0 ? SOUTH : 0) | (fix.longitude < 0 ? WEST : 0)) >>> 0;
  w.u32(fix.alarm >>> 0)
    .u32(status)
    .u32(Math.round(Math.abs(fix.latitude) * 1e6))
    .u32(Math.round(Math.abs(fix.longitude) * 1e6))
    .u16(fix.altitude)
    .u16(Math.round(fix.speedKmh * 10))
    .u16(fix.direction)
    .bytes(writeBcdTime(fix.time));
  writeItems(w, fix.items, fix.rawItems);
}

export function decodeLocationReport(r: BodyReader): LocationReport {
  return { kind: 'location', location: readLocation(r) };
}

export function encodeLocationReport(m: LocationReport<LocationFix>): Buffer {
  const w = new BodyWriter();
  writeLocation(w, m.location);
  return w.toBuffer();
}

/** 0x0201: the serial of the 0x8201 being answered, then a 0x0200 body. */
export function decodeLocationQueryReply(r: BodyReader): LocationQueryReply {
  const replySerial = r.u16();
  return { kind: 'location-query-reply', replySerial, location: readLocation(r) };
}

export function encodeLocationQueryReply(m: LocationQueryReply<LocationFix>): Buffer {
  const w = new BodyWriter().u16(m.replySerial);
  writeLocation(w, m.location);
  return w.toBuffer();
}
