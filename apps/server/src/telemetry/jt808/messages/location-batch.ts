import { BodyReader, BodyWriter } from '../body-reader.js';
import type { LocationBatch, LocationFix } from '../types.js';
import { readLocation, writeLocation } from './location.js';

/**
 * 0x0704: count, type, then each position as a length-prefixed 0x0200 body. The items delimit
 * themselves, so they are read to the end of the body rather than trusting the count; an item
 * that overruns the body makes the whole batch malformed.
 */
export function decodeLocationBatch(r: BodyReader): LocationBatch {
  r.u16();
  const batchType = r.u8();
  const locations = [];
  while (r.remaining > 0) {
    const length = r.u16();
    locations.push(readLocation(new BodyReader(r.bytes(length))));
  }
  return { kind: 'location-batch', batchType, locations };
}

export function encodeLocationBatch(m: LocationBatch<LocationFix>): Buffer {
  const w = new BodyWriter().u16(m.locations.length).u8(m.batchType);
  for (const fix of m.locations) {
    const item = new BodyWriter();
    writeLocation(item, fix);
    const body = item.toBuffer();
    w.u16(body.length).bytes(body);
  }
  return w.toBuffer();
}
