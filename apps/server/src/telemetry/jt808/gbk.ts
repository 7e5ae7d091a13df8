import iconv from 'iconv-lite';

// iconv-lite for both directions. Node's own TextDecoder('gbk') (ICU) decodes 165 GBK codes (€ 0x80,
// the CJK radicals at 0xFE50…, ǹ 0xA8BF …) to private-use characters, so an encoder derived from it
// wrote '?' for them and the two directions disagreed.

/** Never throws: bytes that are not GBK become U+FFFD. */
export function decodeGbk(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'gbk');
}

/** Characters GBK cannot represent (emoji, rare CJK) become '?' rather than failing the whole message. */
export function encodeGbk(text: string): Buffer {
  return iconv.encode(text, 'gbk');
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
