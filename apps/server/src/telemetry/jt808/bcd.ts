/**
 * BCD fields are read as their hex digits: a well-formed field gives decimal digits, and a
 * terminal that puts binary into one (some trackers store an IMEI that way) still gets an exact,
 * reversible string instead of a rejection.
 */
export function readBcd(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/** Left-pads with zeros to `length` bytes; throws on non-hex input or too many digits. */
export function writeBcd(digits: string, length: number): Buffer {
  if (!/^[0-9a-fA-F]*$/.test(digits) || digits.length > length * 2) {
    throw new RangeError(`cannot write "${digits}" as ${length} BCD bytes`);
  }
  return Buffer.from(digits.padStart(length * 2, '0'), 'hex');
}

/** Terminals report time as YYMMDDhhmmss in Beijing time (GMT+8), whatever their location. */
const GMT8_MS = 8 * 3600_000;
export const BCD_TIME_BYTES = 6;

/** Epoch milliseconds, or null when the field is not a real date (all zeros before a first fix). */
export function readBcdTime(bytes: Uint8Array): number | null {
  // Digit arithmetic rather than hex strings: this runs for every position received.
  const f = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < BCD_TIME_BYTES; i++) {
    const b = bytes[i];
    if (b === undefined || b >> 4 > 9 || (b & 15) > 9) return null;
    f[i] = (b >> 4) * 10 + (b & 15);
  }
  const [yy, mo, dd, hh, mi, ss] = f as [number, number, number, number, number, number];
  const utc = Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss);
  const back = new Date(utc);
  // Date.UTC rolls 31 February into March; a field that does not survive the trip is not a date.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== dd || hh > 23 || mi > 59 || ss > 59) return null;
  return utc - GMT8_MS;
}

/** Whole seconds only; null writes the all-zero time a terminal sends before its first fix. */
export function writeBcdTime(epochMs: number | null): Buffer {
  if (epochMs === null) return Buffer.alloc(BCD_TIME_BYTES);
  const d = new Date(epochMs + GMT8_MS);
  const year = d.getUTCFullYear();
  if (!(year >= 2000 && year <= 2099)) throw new RangeError(`time ${epochMs} is outside 2000–2099`);
  const two = (n: number) => String(n).padStart(2, '0');
  const digits =
    two(year - 2000) + two(d.getUTCMonth() + 1) + two(d.getUTCDate()) +
    two(d.getUTCHours()) + two(d.getUTCMinutes()) + two(d.getUTCSeconds());
  return Buffer.from(digits, 'hex');
}
