import type { BodyReader, BodyWriter } from '../body-reader.js';
import type { LocationItems } from '../types.js';

interface ItemSpec {
  key: keyof LocationItems;
  size: 1 | 2 | 4;
  /** Wire value = value × scale. */
  scale: number;
}

/** Standard additional items decoded into `LocationItems`; everything else stays raw. */
const ITEMS = new Map<number, ItemSpec>([
  [0x01, { key: 'mileageKm', size: 4, scale: 10 }],
  [0x02, { key: 'fuelLitres', size: 2, scale: 10 }],
  [0x03, { key: 'tachographSpeedKmh', size: 2, scale: 10 }],
  [0x25, { key: 'vehicleSignal', size: 4, scale: 1 }],
  [0x2a, { key: 'ioStatus', size: 2, scale: 1 }],
  [0x2b, { key: 'analog', size: 4, scale: 1 }],
  [0x30, { key: 'signalStrength', size: 1, scale: 1 }],
  [0x31, { key: 'satellites', size: 1, scale: 1 }],
]);

const readUInt = (b: Buffer, size: number) => b.readUIntBE(0, size);

/**
 * Reads id/length/value items to the end of the body. An item whose length runs past the end
 * stops the reading: the fix before it is sound, and terminals with such tails exist in the field.
 */
export function readItems(r: BodyReader): { items: LocationItems; rawItems: Map<number, Buffer> } {
  const items: LocationItems = {};
  const rawItems = new Map<number, Buffer>();
  while (r.remaining >= 2) {
    const id = r.u8();
    const length = r.u8();
    if (length > r.remaining) break;
    const value = r.bytes(length);
    const spec = ITEMS.get(id);
    if (spec && spec.size === length) items[spec.key] = readUInt(value, length) / spec.scale;
    else rawItems.set(id, value);
  }
  return { items, rawItems };
}

export function writeItems(w: BodyWriter, items: LocationItems, rawItems: Map<number, Buffer>): void {
  for (const [id, spec] of ITEMS) {
    const value = items[spec.key];
    if (value === undefined) continue;
    const wire = Buffer.alloc(spec.size);
    wire.writeUIntBE(Math.round(value * spec.scale), 0, spec.size);
    w.u8(id).u8(spec.size).bytes(wire);
  }
  for (const [id, value] of rawItems) {
    if (value.length > 0xff) throw new RangeError(`item 0x${id.toString(16)} is longer than 255 bytes`);
    w.u8(id).u8(value.length).bytes(value);
  }
}
