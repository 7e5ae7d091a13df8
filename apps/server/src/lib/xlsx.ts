import { XLSX_FILE } from '@cvrisk/contracts';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { zipStream, type ZipEntry } from './zip-stream.js';

export type XlsxColumn<T> = { header: string; width: number; value: (row: T) => string | number | null };

const XLSX_TYPE = XLSX_FILE.file;

// The fixed parts of a one-sheet workbook (ECMA-376): content types, relationships, the workbook, and
// four cell styles — 0 plain, 1 bold for the header row, and each again with quotePrefix (2, 3).
const BOLD = 1;
const QUOTE_PREFIX = 2;
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>';
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

/** The parts of the workbook, the sheet last and produced as it is read. */
export function xlsxEntries<T>(columns: XlsxColumn<T>[], pages: AsyncIterable<T[]>): ZipEntry[] {
  const text = (s: string) => Buffer.from(s);
  return [
    { name: '[Content_Types].xml', content: text(CONTENT_TYPES) },
    { name: '_rels/.rels', content: text(ROOT_RELS) },
    { name: 'xl/workbook.xml', content: text(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', content: text(WORKBOOK_RELS) },
    { name: 'xl/styles.xml', content: text(STYLES) },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml(columns, pages) },
  ];
}

/** The .xlsx file of these pages, produced as it is read: memory holds one page however many rows there are. */
export function xlsxStream<T>(columns: XlsxColumn<T>[], pages: AsyncIterable<T[]>): Readable {
  return zipStream(xlsxEntries(columns, pages));
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
