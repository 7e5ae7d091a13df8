// Node 20 ships full ICU, so decoding GBK needs no dependency. Encoding has no built-in API; the
// table below is derived from the same decoder, which keeps the two directions consistent and
// spares a dependency (iconv-lite) for the handful of texts the platform sends.

const decoder = new TextDecoder('gbk');

/** Never throws: bytes that are not GBK become U+FFFD. */
export function decodeGbk(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Two-byte GBK code for each BMP code point, 0 where GBK has none. Built on first use (~20 ms). */
let table: Uint16Array | undefined;

function encodeTable(): Uint16Array {
  if (table) return table;
  const t = new Uint16Array(0x10000);
  const strict = new TextDecoder('gbk', { fatal: true });
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      let ch: string;
      try {
        ch = strict.decode(pair);
      } catch {
        continue;
      }
      const cp = ch.codePointAt(0)!;
      if (ch.length === 1 && t[cp] === 0) t[cp] = (lead << 8) | trail;
    }
  }
  table = t;
  return t;
}

/** Characters GBK cannot represent (emoji, rare CJK) become '?' rather than failing the whole message. */
export function encodeGbk(text: string): Buffer {
  // ASCII is the same in GBK, and only all-ASCII text is as long in UTF-8 as in UTF-16 units.
  const utf8 = Buffer.from(text, 'utf8');
  if (utf8.length === text.length) return utf8;
  const t = encodeTable();
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) {
      out.push(cp);
      continue;
    }
    const code = cp < 0x10000 ? t[cp]! : 0;
    if (code === 0) out.push(0x3f);
    else out.push(code >> 8, code & 0xff);
  }
  return Buffer.from(out);
}

const isPad = (b: number | undefined) => b === 0x00 || b === 0x20;

/**
 * Fixed-width text fields are padded with 0x00 by the standard, with spaces by some terminals,
 * and at either end in the field; padding is never part of the value.
 */
export function decodePaddedGbk(bytes: Uint8Array): string {
  let start = 0;
  let end = bytes.length;
  while (start < end && isPad(bytes[start])) start++;
  while (end > start && isPad(bytes[end - 1])) end--;
  return decodeGbk(bytes.subarray(start, end));
}
