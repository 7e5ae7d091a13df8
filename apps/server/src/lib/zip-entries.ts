import { Inflate } from 'fflate';

/** One file of a ZIP archive as its central directory describes it. */
export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be read here. */
  method: number;
  encrypted: boolean;
  /** Where its compressed bytes start and how many there are. */
  dataStart: number;
  compressedSize: number;
  /** The inflated size the archive declares: a claim, never trusted while inflating. */
  declaredSize: number;
};

export class ZipFormatError extends Error {}

/**
 * Compressed bytes handed to the inflater at a time. fflate inflates everything it is given in one go,
 * and DEFLATE expands at most 1,032 times: 8 KiB in gives at most ~8.5 MB out, however the archive was made.
 */
const SLICE = 8 * 1024;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32;

function need(ok: boolean): asserts ok {
  if (!ok) throw new ZipFormatError('not a ZIP archive');
}

/**
 * The archive's files by name, from its central directory: nothing is inflated, and an entry's bytes
 * can then be read in any order (an .xlsx from Excel stores its shared strings after the sheets that
 * use them, so reading the archive front to back would need the sheet kept until the strings came).
 */
export function zipEntries(file: Uint8Array): Map<string, ZipEntry> {
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at--) {
    if (u32(file, at) === EOCD) {
      end = at;
      break;
    }
  }
  need(end >= 0);
  let count = u16(file, end + 10);
  let offset = u32(file, end + 16);
  if ((count === 0xffff || offset === 0xffffffff) && end >= 20 && u32(file, end - 20) === ZIP64_LOCATOR) {
    const z = u64(file, end - 12);
    need(z + 56 <= file.length && u32(file, z) === ZIP64_EOCD);
    count = u64(file, z + 32);
    offset = u64(file, z + 48);
  }
  const entries = new Map<string, ZipEntry>();
  const names = new TextDecoder();
  let at = offset;
  for (let i = 0; i < count; i++) {
    need(at + 46 <= file.length && u32(file, at) === CENTRAL);
    const flags = u16(file, at + 8);
    const nameLength = u16(file, at + 28);
    const extraLength = u16(file, at + 30);
    const commentLength = u16(file, at + 32);
    need(at + 46 + nameLength + extraLength <= file.length);
    let compressedSize = u32(file, at + 20);
    let declaredSize = u32(file, at + 24);
    let local = u32(file, at + 42);
    // ZIP64: the extra field holds, in this order, whichever of the three the record left at 0xffffffff.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + u16(file, x + 2)) {
      if (u16(file, x) !== 1) continue;
      let field = x + 4;
      if (declaredSize === 0xffffffff) {
        declaredSize = u64(file, field);
        field += 8;
      }
      if (compressedSize === 0xffffffff) {
        compressedSize = u64(file, field);
        field += 8;
      }
      if (local === 0xffffffff) local = u64(file, field);
    }
    const name = names.decode(file.subarray(at + 46, at + 46 + nameLength));
    need(local + 30 <= file.length && u32(file, local) === LOCAL);
    const dataStart = local + 30 + u16(file, local + 26) + u16(file, local + 28);
    need(dataStart + compressedSize <= file.length);
    if (!entries.has(name)) entries.set(name, { name, method: u16(file, at + 10), encrypted: (flags & 1) === 1, dataStart, compressedSize, declaredSize });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * An entry's content, inflated a slice at a time: each piece is handed over before the next slice is
 * inflated, so a caller that counts the bytes can stop a bomb after at most one slice too many.
 */
export function* inflateEntry(file: Uint8Array, entry: ZipEntry): Generator<Uint8Array> {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) throw new ZipFormatError(`${entry.name}: unsupported method or encryption`);
  const data = file.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += SLICE) yield data.subarray(at, at + SLICE);
    return;
  }
  if (data.length === 0) return;
  const out: Uint8Array[] = [];
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    if (chunk.length) out.push(chunk);
    if (final) ended = true;
  });
  for (let at = 0; at < data.length && !ended; at += SLICE) {
    try {
      inflater.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
    } catch {
      throw new ZipFormatError(`${entry.name}: corrupt deflate data`);
    }
    while (out.length) yield out.shift()!;
  }
  if (!ended) throw new ZipFormatError(`${entry.name}: deflate data ends early`);
}
