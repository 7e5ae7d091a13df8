import { DecodeUTF8, strFromU8, Unzip, UnzipInflate, unzipSync } from 'fflate';

export type SheetCell = string | number | null;
export type SheetRow = { row: number; cells: SheetCell[] };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e.toLowerCase()]!,
  );
/** The text of every <t> inside a fragment (rich text comes in several runs). */
const textOf = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => unescape(m[1]!)).join('');

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

export class SheetError extends Error {}

/** Compressed bytes handed to the inflater at a time: each yields a megabyte or so of XML. */
const SLICE = 64 * 1024;

/**
 * A workbook's first sheet: about how many rows it holds (for progress) and its rows, read one at a
 * time, as plain values: shared and inline strings as text, numbers (dates are numbers: Excel's day
 * serials) as numbers, empty cells as null. Enough of SpreadsheetML for what people fill in by hand or
 * export from another system; formulas give their cached value. The sheet itself is inflated as it is
 * read, a slice at a time (a 100,000-row sheet is ~65 MB of XML, twice that as a string); the small
 * parts (workbook, relations, shared strings) are unzipped whole.
 */
export function openSheet(file: Uint8Array): { rowCount: number; rows: Generator<SheetRow> } {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(file, { filter: (f) => f.name === 'xl/sharedStrings.xml' || f.name === 'xl/workbook.xml' || f.name === 'xl/_rels/workbook.xml.rels' });
  } catch {
    throw new SheetError('文件不是有效的 .xlsx 表格');
  }
  const sheetPath = firstSheetPath(entries, sheetNames(file));
  if (!sheetPath) throw new SheetError('表格中没有工作表');
  const shared = entries['xl/sharedStrings.xml'] ? [...strFromU8(entries['xl/sharedStrings.xml']).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!)) : [];
  // Counted on a first pass that keeps nothing: "<row" may also start a <rowBreaks>, so it is "about".
  let rowCount = 0;
  let carry = '';
  for (const text of sheetText(file, sheetPath)) {
    const scanned = carry + text;
    for (let at = scanned.indexOf('<row'); at >= 0; at = scanned.indexOf('<row', at + 4)) rowCount++;
    carry = scanned.slice(-3);
  }
  return { rowCount, rows: rowsOf(sheetText(file, sheetPath), shared) };
}

/** The names of the archive's files, from its central directory (nothing is inflated). */
function sheetNames(file: Uint8Array): string[] {
  const names: string[] = [];
  try {
    unzipSync(file, { filter: (f) => (names.push(f.name), false) });
  } catch {
    throw new SheetError('文件不是有效的 .xlsx 表格');
  }
  return names;
}

/** The sheet's XML as text, inflated a slice of the file at a time. */
function* sheetText(file: Uint8Array, sheetPath: string): Generator<string> {
  const out: string[] = [];
  let failed = false;
  const decoder = new DecodeUTF8((text) => {
    if (text) out.push(text);
  });
  const unzip = new Unzip((f) => {
    if (f.name !== sheetPath) return;
    f.ondata = (err, data, final) => {
      if (err) failed = true;
      else decoder.push(data, final);
    };
    f.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < file.length; at += SLICE) {
    try {
      unzip.push(file.subarray(at, at + SLICE), at + SLICE >= file.length);
    } catch {
      failed = true;
    }
    if (failed) throw new SheetError('文件不是有效的 .xlsx 表格');
    while (out.length > 0) yield out.shift()!;
  }
}

/** Rows as the text arrives: whatever follows the last complete row waits for the next piece. */
function* rowsOf(texts: Iterable<string>, shared: string[]): Generator<SheetRow> {
  let pending = '';
  for (const text of texts) {
    pending += text;
    const cut = pending.lastIndexOf('</row>');
    if (cut < 0) continue;
    yield* rowsIn(pending.slice(0, cut + 6), shared);
    pending = pending.slice(cut + 6);
  }
  yield* rowsIn(pending, shared);
}

function* rowsIn(xml: string, shared: string[]): Generator<SheetRow> {
  for (const m of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const rowNumber = Number(/\br="(\d+)"/.exec(m[1]!)?.[1] ?? 0);
    const cells: SheetCell[] = [];
    for (const c of (m[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1]!;
      const ref = /\br="([A-Z]+)\d+"/.exec(attrs)?.[1];
      const col = ref ? columnOf(ref) : cells.length;
      const type = /\bt="(\w+)"/.exec(attrs)?.[1];
      const body = c[2] ?? '';
      const v = /<v>([^<]*)<\/v>/.exec(body)?.[1];
      let value: SheetCell = null;
      if (type === 's') value = v === undefined ? null : (shared[Number(v)] ?? null);
      else if (type === 'inlineStr') value = textOf(body);
      else if (type === 'str' || type === 'e') value = v === undefined ? null : unescape(v);
      else if (type === 'b') value = v === '1' ? 'TRUE' : 'FALSE';
      else if (v !== undefined && v !== '') value = Number(v);
      while (cells.length < col) cells.push(null);
      cells[col] = value;
    }
    yield { row: rowNumber, cells };
  }
}

/** The first sheet as the workbook orders them, else the first worksheet file. */
function firstSheetPath(entries: Record<string, Uint8Array>, names: string[]): string | null {
  const workbook = entries['xl/workbook.xml'] && strFromU8(entries['xl/workbook.xml']);
  const rels = entries['xl/_rels/workbook.xml.rels'] && strFromU8(entries['xl/_rels/workbook.xml.rels']);
  const rid = workbook && /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const target = rid && rels && new RegExp(`<Relationship\\b[^>]*Id="${rid}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (names.includes(path)) return path;
  }
  return names.filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort()[0] ?? null;
}
