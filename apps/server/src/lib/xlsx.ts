import { XLSX_FILE } from '@cvrisk/contracts';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { sheetPages } from './sheet-pages.js';
import { zipStream, type ZipEntry } from './zip-stream.js';

export type XlsxColumn<T> = { header: string; width: number; value: (row: T) => string | number | null };

const XLSX_TYPE = XLSX_FILE.file;

// The parts of a workbook of `sheets` sheets (ECMA-376): content types, relationships, the workbook, and
// four cell styles — 0 plain, 1 bold for the header row, and each again with quotePrefix (2, 3).
const BOLD = 1;
const QUOTE_PREFIX = 2;
/** Excel opens at most 1,048,576 rows a sheet: the header and this many rows. */
export const SHEET_MAX_ROWS = 1_048_575;
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
// Every sheet's content type is the default for .xml, so this part is complete before the number of
// sheets is known and goes first, where some readers look for it.
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const workbook = (sheets: number) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
  numbers(sheets).map((n) => `<sheet name="Sheet${n}" sheetId="${n}" r:id="rId${n}"/>`).join('') +
  '</sheets></workbook>';
const workbookRels = (sheets: number) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  numbers(sheets).map((n) => `<Relationship Id="rId${n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('') +
  `<Relationship Id="rId${sheets + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" quotePrefix="1"/></cellXfs>' +
  '</styleSheet>';

/** A, B, … Z, AA, AB, … */
function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

// Characters XML 1.0 cannot carry at all are dropped; the markup characters are escaped.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const MARKUP = /[&<>"]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// eslint-disable-next-line no-control-regex -- as above
const NEEDS_ESCAPE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff&<>"]/;
// Most cells need neither: one test instead of two replaces is most of the sheet's cost saved.
const escapeXml = (s: string) => (NEEDS_ESCAPE.test(s) ? s.replace(INVALID_XML, '').replace(MARKUP, (c) => ENTITIES[c]!) : s);
const SPACE = /\s/;
/**
 * Text a spreadsheet would take for a formula once the cell is edited: starting with = + - @, a tab or a
 * carriage return (OWASP, CSV injection), or the full-width = + - @ that Excel in Chinese and Japanese
 * reads as a formula too. Such a cell gets the quotePrefix style: shown exactly as saved, never
 * evaluated, and kept as text when edited (docs/decisions.md, "Formulas in exported sheets").
 */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

function cell(ref: string, value: string | number | null, style = 0): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${value}</v></c>`;
  const raw = String(value);
  const s = FORMULA_START.test(raw) ? style | QUOTE_PREFIX : style;
  const text = escapeXml(raw);
  // The first and last characters only: a regex anchored at the end would scan the whole text.
  const space = SPACE.test(text.charAt(0)) || SPACE.test(text.charAt(text.length - 1)) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s ? ` s="${s}"` : ''} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** The sheet's XML: the frozen bold header row, then every row of every page, one page per chunk. */
async function* sheetXml<T>(columns: XlsxColumn<T>[], pages: AsyncIterable<T[]>): AsyncGenerator<Buffer> {
  const letters = columns.map((_, i) => columnLetter(i));
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  const header = columns.map((c, i) => cell(`${letters[i]}1`, c.header, BOLD)).join('');
  yield Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      `<cols>${cols}</cols><sheetData><row r="1">${header}</row>`,
  );
  let r = 1;
  for await (const page of pages) {
    let xml = '';
    for (const row of page) {
      r++;
      xml += `<row r="${r}">`;
      for (let i = 0; i < columns.length; i++) xml += cell(`${letters[i]}${r}`, columns[i]!.value(row));
      xml += '</row>';
    }
    if (xml) yield Buffer.from(xml);
  }
  yield Buffer.from('</sheetData></worksheet>');
}

/**
 * The content as it is read, telling `ended` whether it was read to its end (false: destroyed or
 * failed). An iterator of its own rather than a generator's finally: a download closed before the
 * zip reached this part destroys a stream never read, and a generator never started runs no finally.
 */
function tracked(content: AsyncIterable<Buffer>, ended: (complete: boolean) => void): AsyncIterable<Buffer> {
  return {
    [Symbol.asyncIterator]: () => {
      const it = content[Symbol.asyncIterator]();
      return {
        async next() {
          try {
            const step = await it.next();
            if (step.done) ended(true);
            return step;
          } catch (err) {
            ended(false);
            throw err;
          }
        },
        async return(value?: unknown) {
          ended(false);
          return (await it.return?.(value)) ?? { done: true, value: undefined };
        },
      };
    },
  };
}

/**
 * The parts of the workbook, produced as they are read: a sheet of at most `sheetRows` rows under the
 * header, then another while rows remain (a file past Excel's 1,048,576 rows a sheet would not open
 * whole), then the workbook that lists the sheets, last, once their number is known: readers find
 * the parts through the archive's directory, in any order.
 */
export async function* xlsxEntries<T>(columns: XlsxColumn<T>[], pages: AsyncIterable<T[]>, sheetRows = SHEET_MAX_ROWS): AsyncGenerator<ZipEntry> {
  const text = (s: string) => Buffer.from(s);
  const split = sheetPages(pages, sheetRows);
  try {
    yield { name: '[Content_Types].xml', content: text(CONTENT_TYPES) };
    yield { name: '_rels/.rels', content: text(ROOT_RELS) };
    yield { name: 'xl/styles.xml', content: text(STYLES) };
    let sheets = 0;
    do {
      sheets++;
      let ended!: (complete: boolean) => void;
      const read = new Promise<boolean>((resolve) => (ended = resolve));
      yield { name: `xl/worksheets/sheet${sheets}.xml`, content: tracked(sheetXml(columns, split.sheet()), ended) };
      if (!(await read)) return;
    } while (await split.more());
    yield { name: 'xl/workbook.xml', content: text(workbook(sheets)) };
    yield { name: 'xl/_rels/workbook.xml.rels', content: text(workbookRels(sheets)) };
  } finally {
    await split.close();
  }
}

/** The .xlsx file of these pages, produced as it is read: memory holds one page however many rows there are. */
export function xlsxStream<T>(columns: XlsxColumn<T>[], pages: AsyncIterable<T[]>, sheetRows = SHEET_MAX_ROWS): Readable {
  return zipStream(xlsxEntries(columns, pages, sheetRows));
}

/**
 * Streams an .xlsx built page by page. The database is read only as fast as the client downloads, so
 * a million-row export holds one page at a time. A failure midway cuts the download (the file is
 * then incomplete, and the browser says so) and is logged.
 */
export function sendXlsx<T>(reply: FastifyReply, fileName: string, columns: XlsxColumn<T>[], pages: AsyncIterable<T[]>): FastifyReply {
  const encoded = encodeURIComponent(fileName);
  const stream = xlsxStream(columns, pages);
  stream.on('error', (err) => reply.log.error({ err }, 'export failed'));
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encoded}`)
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .send(stream);
}

/** `设备列表-20261122-153000.xlsx` */
export function exportFileName(title: string, now = new Date()): string {
  const stamp = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `${title}-${stamp}.xlsx`;
}
