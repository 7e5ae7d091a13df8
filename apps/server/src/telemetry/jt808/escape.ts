/** Frame delimiter. It may only appear on the wire as the first and last byte of a frame. */
export const FLAG = 0x7e;
const ESCAPE = 0x7d;

/** 0x7e → 0x7d 0x02 and 0x7d → 0x7d 0x01, so the delimiter never occurs inside a frame. */
export function escapeBytes(src: Uint8Array): Buffer {
  let extra = 0;
  for (const b of src) if (b === FLAG || b === ESCAPE) extra++;
  const out = Buffer.allocUnsafe(src.length + extra);
  let o = 0;
  for (const b of src) {
    if (b === FLAG || b === ESCAPE) {
      out[o++] = ESCAPE;
      out[o++] = b === FLAG ? 0x02 : 0x01;
    } else {
      out[o++] = b;
    }
  }
  return out;
}

/**
 * Reverses `escapeBytes`. Returns null for anything escaping could not have produced (a 0x7d not
 * followed by 0x01/0x02, or a bare 0x7e), so a corrupted frame is rejected rather than guessed at.
 */
export function unescapeBytes(src: Uint8Array): Buffer | null {
  const out = Buffer.allocUnsafe(src.length);
  let o = 0;
  for (let i = 0; i < src.length; i++) {
    const b = src[i]!;
    if (b === FLAG) return null;
    if (b !== ESCAPE) {
      out[o++] = b;
      continue;
    }
    const next = src[++i];
    if (next === 0x01) out[o++] = ESCAPE;
    else if (next === 0x02) out[o++] = FLAG;
    else return null;
  }
  return out.subarray(0, o);
}

/** The check code: XOR of every byte from the message header to the end of the body. */
export function checkCode(bytes: Uint8Array): number {
  let x = 0;
  for (const b of bytes) x ^= b;
  return x;
}
