/**
 * Integers from the "encoded polyline" text scripts/geodata/geometry.mjs writes: each a zigzag
 * number in 5-bit groups, characters 63–126, low group first, 0x20 set on all groups but the last.
 */
export function decodePolyline(text: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (let i = 0; i < text.length; i++) {
    const b = text.charCodeAt(i) - 63;
    value |= (b & 0x1f) << shift;
    if (b & 0x20) {
      shift += 5;
      continue;
    }
    out.push(value & 1 ? ~(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return out;
}
