import { strFromU8, unzipSync } from 'fflate';

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

/**
 * A workbook's first sheet: how many rows it holds (counted before any is read, for progress) and
 * its rows, read one at a time, as plain values: shared and inline strings as text, numbers (dates
 * are numbers: Excel's day serials) as numbers, empty cells as null. Enough of SpreadsheetML for what
 * people fill in by hand or export from another system; formulas give their cached value. The file
 * is bounded by the caller (a few MB), so it is unzipped whole; the rows are not kept.
 */
export function openSheet(file: Uint8Array): { rowCount: number; rows: Generator<SheetRow> } {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(file, { filter: (f) => f.name === 'xl/sharedStrings.xml' || f.name === 'xl/workbook.xml' || f.name.startsWith('xl/worksheets/') || f.name === 'xl/_rels/workbook.xml.rels' });
  } catch {
    throw new SheetError('文件不是有效的 .xlsx 表格');
  }
  const sheetPath = firstSheetPath(entries);
  if (!sheetPath) throw new SheetError('表格中没有工作表');
  const shared = entries['xl/sharedStrings.xml'] ? [...strFromU8(entries['xl/sharedStrings.xml']).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!)) : [];
  const xml = strFromU8(entries[sheetPath]!);
  entries = {};
  let rowCount = 0;
  for (let at = xml.indexOf('<row'); at >= 0; at = xml.indexOf('<row', at + 4)) rowCount++;
  return { rowCount, rows: rowsOf(xml, shared) };
}

function* rowsOf(xml: string, shared: string[]): Generator<SheetRow> {
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
function firstSheetPath(entries: Record<string, Uint8Array>): string | null {
  const workbook = entries['xl/workbook.xml'] && strFromU8(entries['xl/workbook.xml']);
  const rels = entries['xl/_rels/workbook.xml.rels'] && strFromU8(entries['xl/_rels/workbook.xml.rels']);
  const rid = workbook && /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const target = rid && rels && new RegExp(`<Relationship\\b[^>]*Id="${rid}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
  if (target) {
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (entries[path]) return path;
  }
  return Object.keys(entries).filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort()[0] ?? null;
}
