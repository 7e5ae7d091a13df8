import { StringDecoder } from 'node:string_decoder';
import { DEFAULT_SHEET_LIMITS, SheetError, sheetLimitMessage as say, type SheetLimits } from './sheet-limits.js';
import { inflateEntry, zipEntries, ZipFormatError, type ZipEntry } from './zip-entries.js';

export { SheetError };
export type SheetCell = string | number | null;
export type SheetRow = { row: number; cells: SheetCell[] };
/** Bytes inflated so far, for whoever wants to see that a refused file was not read to its end. */
export type SheetReadStats = { inflatedBytes: number };
export type SheetOptions = { limits?: SheetLimits; stats?: SheetReadStats };

const NOT_XLSX = '文件不是有效的 .xlsx 表格';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string) =>
  s.indexOf('&') < 0
    ? s
    : s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) =>
        e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e.toLowerCase()]!,
      );
/** The text of every <t> inside a fragment (rich text comes in several runs); a lone `<t>` without attributes, the usual case, without a regex. */
function textOf(xml: string): string {
  const at = xml.indexOf('<t');
  const end = at >= 0 && xml.startsWith('<t>', at) ? xml.indexOf('</t>', at) : -1;
  if (end >= 0 && xml.indexOf('<t', end) < 0) {
    const text = xml.slice(at + 3, end);
    if (text.indexOf('<') < 0) return unescape(text);
  }
  return [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => unescape(m[1]!)).join('');
}
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "AB12" → 27 (zero-based column). */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/**
 * A workbook's first sheet: how many rows it holds (for progress) and its rows, read one at a time, as
 * plain values: shared and inline strings as text, numbers (dates are numbers: Excel's day serials) as
 * numbers, empty cells as null. Enough of SpreadsheetML for what people fill in by hand or export from
 * another system; formulas give their cached value.
 *
 * Every part is found through the archive's central directory and inflated a slice at a time, its
 * bytes counted as they come out, and parsed as it arrives holding one row (or one shared string) at
 * most; each of `limits` is checked at that moment, so a crossed limit stops the reading there with its
 * message (a bomb is never inflated to its end) and memory stays bounded whatever the file. The sheet
 * is inflated twice: once to count its rows and check the archive's limits, once as its rows are read.
 */
export function openSheet(file: Uint8Array, options: SheetOptions = {}): { rowCount: number; rows: Generator<SheetRow> } {
  const limits = options.limits ?? DEFAULT_SHEET_LIMITS;
  let entries: Map<string, ZipEntry>;
  try {
    entries = zipEntries(file);
  } catch {
    throw new SheetError(NOT_XLSX);
  }
  const parts = new PartReader(file, limits, options.stats ?? { inflatedBytes: 0 });
  const sheetPath = firstSheetPath(parts, entries);
  if (!sheetPath) throw new SheetError('表格中没有工作表');
  const sharedPart = entries.get('xl/sharedStrings.xml');
  const shared = sharedPart ? sharedStrings(parts.bytes(sharedPart), limits) : [];
  const sheet = entries.get(sheetPath)!;
  let rowCount = 0;
  for (const _ of rowElements(parts.bytes(sheet), limits)) rowCount++;
  return { rowCount, rows: rowsOf(parts.bytes(sheet, false), shared, limits) };
}

/** Parts' bytes as they inflate, counted against the limits on their first reading. */
class PartReader {
  private total = 0;
  constructor(
    private readonly file: Uint8Array,
    private readonly limits: SheetLimits,
    private readonly stats: SheetReadStats,
  ) {}

  *bytes(entry: ZipEntry, firstReading = true): Generator<Buffer> {
    const { limits } = this;
    // What the archive declares is checked first (an honest bomb is refused unread), then what comes out.
    if (entry.declaredSize > limits.partBytes) throw new SheetError(say.partBytes(limits, entry.name));
    if (firstReading && this.total + entry.declaredSize > limits.inflatedBytes) throw new SheetError(say.inflatedBytes(limits));
    let part = 0;
    try {
      for (const chunk of inflateEntry(this.file, entry)) {
        part += chunk.length;
        if (part > limits.partBytes) throw new SheetError(say.partBytes(limits, entry.name));
        if (firstReading) {
          this.total += chunk.length;
          this.stats.inflatedBytes = this.total;
          if (this.total > limits.inflatedBytes) throw new SheetError(say.inflatedBytes(limits));
        }
        yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      }
    } catch (err) {
      throw err instanceof ZipFormatError ? new SheetError(`表格文件已损坏（${entry.name} 无法解压），请重新保存后再导入`) : err;
    }
  }

  *text(entry: ZipEntry): Generator<string> {
    const decoder = new StringDecoder('utf8');
    for (const chunk of this.bytes(entry)) {
      const text = decoder.write(chunk);
      if (text) yield text;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }
}

const ascii = (s: string) => Buffer.from(s, 'latin1');
/** What may follow `<row` when it opens a row (not `<rowBreaks`): space, `>` or `/`. */
const ENDS_NAME = new Set([0x20, 0x09, 0x0a, 0x0d, 0x3e, 0x2f]);

/** Where `open` starts an element: its index, -1 for none, -2 when the byte after it has not arrived. */
function openingAt(buf: Buffer, open: Buffer, from: number): number {
  for (let at = buf.indexOf(open, from); at >= 0; at = buf.indexOf(open, at + 1)) {
    if (at + open.length >= buf.length) return -2;
    if (ENDS_NAME.has(buf[at + open.length]!)) return at;
  }
  return -1;
}

/**
 * Each complete `<name …>…</name>` or `<name …/>` of XML arriving in pieces, as bytes, until `end`
 * (the container's closing tag). Markup is ASCII, so elements are found without decoding anything;
 * what lies between them is dropped as it is passed, and an element longer than `max` bytes is refused
 * before it is whole: at most one element and a few bytes are held.
 */
function* elements(chunks: Iterable<Buffer>, name: string, max: number, tooLong: (start: Buffer) => Error, end: string): Generator<Buffer> {
  const open = ascii(`<${name}`);
  const close = ascii(`</${name}>`);
  const endTag = ascii(end);
  let buf: Buffer = Buffer.alloc(0);
  let inside = false;
  // Where to look on for the closing tag of an element that is still arriving.
  let from = 0;
  for (const chunk of chunks) {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    let at = 0;
    const endAt = buf.indexOf(endTag);
    for (;;) {
      if (!inside) {
        const start = openingAt(buf, open, at);
        if (endAt >= 0 && (start === -1 || endAt < start)) return;
        if (start === -2) {
          at = buf.lastIndexOf(open);
          break;
        }
        if (start === -1) {
          at = Math.max(at, buf.length - endTag.length);
          break;
        }
        at = start;
        from = at + open.length;
        inside = true;
      }
      const gt = buf.indexOf(0x3e, at + open.length);
      let after = -1;
      if (gt >= 0 && buf[gt - 1] === 0x2f) after = gt + 1;
      else if (gt >= 0) {
        const c = buf.indexOf(close, Math.max(gt, from));
        if (c >= 0) after = c + close.length;
      }
      if ((after < 0 ? buf.length : after) - at > max) throw tooLong(buf.subarray(at, at + 200));
      if (after < 0) {
        from = Math.max(from, buf.length - close.length);
        break;
      }
      yield buf.subarray(at, after);
      inside = false;
      at = after;
    }
    buf = buf.subarray(at);
    from = Math.max(0, from - at);
  }
}

/** The `r` attribute of a row's opening tag, when it has arrived. */
const rowNumberIn = (start: Buffer) => Number(/^<row\b[^>]*?\br="(\d+)"/.exec(start.toString('latin1'))?.[1] ?? 0);

/** The sheet's `<row>` elements as bytes, counted against the row limit. */
function* rowElements(chunks: Iterable<Buffer>, limits: SheetLimits): Generator<Buffer> {
  let n = 0;
  const tooLong = (start: Buffer) => new SheetError(say.rowBytes(limits, rowNumberIn(start) || n + 1));
  for (const xml of elements(chunks, 'row', limits.rowBytes, tooLong, '</sheetData>')) {
    if (++n > limits.rows) throw new SheetError(say.rows(limits));
    yield xml;
  }
}

/** The shared-strings table, its entries' number and length checked as it is read. */
function sharedStrings(chunks: Iterable<Buffer>, limits: SheetLimits): string[] {
  const out: string[] = [];
  let chars = 0;
  const tooLong = () => new SheetError(say.cellChars(limits, null));
  for (const xml of elements(chunks, 'si', limits.rowBytes, tooLong, '</sst>')) {
    // Decoded on its own, the text shares no memory with the rest of the table's XML.
    const text = textOf(xml.toString('utf8'));
    if (text.length > limits.cellChars) throw tooLong();
    if (out.length === limits.sharedStrings) throw new SheetError(say.sharedStrings(limits));
    chars += text.length;
    if (chars > limits.sharedStringChars) throw new SheetError(say.sharedStringChars(limits));
    out.push(text);
  }
  return out;
}

function* rowsOf(chunks: Iterable<Buffer>, shared: string[], limits: SheetLimits): Generator<SheetRow> {
  let n = 0;
  for (const xml of rowElements(chunks, limits)) yield rowOf(xml.toString('utf8'), ++n, shared, limits);
}

/** One row's cells, each placed at its column (gaps as null); `n`, its place, names it when it has no number. */
function rowOf(xml: string, n: number, shared: string[], limits: SheetLimits): SheetRow {
  const m = /^<row\b([^>]*?)(?:\/>|>([\s\S]*)<\/row>)$/.exec(xml);
  const rowNumber = Number(/\br="(\d+)"/.exec(m?.[1] ?? '')?.[1] ?? 0);
  const named = rowNumber || n;
  const cells: SheetCell[] = [];
  for (const c of (m?.[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attrs = c[1]!;
    const ref = /\br="([A-Z]+)\d+"/.exec(attrs)?.[1];
    const col = ref ? columnOf(ref) : cells.length;
    if (col >= limits.columns) throw new SheetError(say.columns(limits, named));
    const type = /\bt="(\w+)"/.exec(attrs)?.[1];
    const body = c[2] ?? '';
    const v = /<v>([^<]*)<\/v>/.exec(body)?.[1];
    let value: SheetCell = null;
    if (type === 's') value = v === undefined ? null : (shared[Number(v)] ?? null);
    else if (type === 'inlineStr') value = textOf(body);
    else if (type === 'str' || type === 'e') value = v === undefined ? null : unescape(v);
    else if (type === 'b') value = v === '1' ? 'TRUE' : 'FALSE';
    else if (v !== undefined && v !== '') value = Number(v);
    if ((typeof value === 'string' ? value : (v ?? '')).length > limits.cellChars) throw new SheetError(say.cellChars(limits, named));
    while (cells.length < col) cells.push(null);
    cells[col] = value;
  }
  return { row: rowNumber, cells };
}

/**
 * The first sheet as the workbook orders them, else the first worksheet file. Only the workbook's
 * first `<sheet>` and its relationship are looked for, and the reading of each part stops there.
 */
function firstSheetPath(parts: PartReader, entries: Map<string, ZipEntry>): string | null {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  const rid = workbook && firstMatch(parts.text(workbook), /<sheet\b[^>]*\br:id="([^"]+)"/)?.[1];
  const target = rid && rels && firstMatch(parts.text(rels), new RegExp(`<Relationship\\b[^>]*Id="${escapeRegExp(rid)}"[^>]*Target="([^"]+)"`))?.[1];
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (entries.has(path)) return path;
  }
  return [...entries.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort()[0] ?? null;
}

/** The first match of a tag's pattern in streamed XML, keeping only a tail (longer than any tag looked for) between pieces. */
function firstMatch(texts: Iterable<string>, pattern: RegExp): RegExpExecArray | null {
  let buf = '';
  for (const text of texts) {
    buf += text;
    const m = pattern.exec(buf);
    if (m) return m;
    buf = buf.slice(-64 * 1024);
  }
  return null;
}
