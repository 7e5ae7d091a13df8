import zlib from 'node:zlib';

/**
 * Hand-made .xlsx files for the sheet reader's tests, bombs included: a part is deflated piece by
 * piece, so a gigabyte of XML is a few hundred kilobytes here and never exists inflated.
 */

/** One file of an archive: its deflated bytes, its real inflated size, and the size its header claims. */
export type Part = { name: string; deflated: Buffer; size: number; declared?: number };

const bytes = (s: string) => Buffer.from(s, 'utf8');
/** Deflated and byte-aligned without ending the stream, so that more deflated pieces may follow. */
const piece = (s: string) => zlib.deflateRawSync(bytes(s), { finishFlush: zlib.constants.Z_SYNC_FLUSH });

export function part(name: string, text: string): Part {
  return { name, deflated: zlib.deflateRawSync(bytes(text)), size: bytes(text).length };
}

/**
 * `head`, then `fill` `times` over, then `tail`. Each piece was deflated on its own (no reference
 * reaches before its start), so a piece may be repeated: the fill is deflated once per megabyte.
 */
export function repeatedPart(name: string, head: string, fill: string, times: number, tail: string): Part {
  const perPiece = Math.max(1, Math.floor((1024 * 1024) / bytes(fill).length));
  const whole = piece(fill.repeat(Math.min(perPiece, times)));
  const pieces = [piece(head)];
  for (let left = times; left > 0; left -= perPiece) pieces.push(left >= perPiece ? whole : piece(fill.repeat(left)));
  pieces.push(zlib.deflateRawSync(bytes(tail)));
  return { name, deflated: Buffer.concat(pieces), size: bytes(head).length + bytes(fill).length * times + bytes(tail).length };
}

/** A ZIP archive of deflated parts; the central directory declares `declared` where a part gives one (a lie, for bombs). */
export function zipOf(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = bytes(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(Math.min(p.size, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(p.deflated.length, 20);
    entry.writeUInt32LE(Math.min(p.declared ?? p.size, 0xfffffffe), 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, p.deflated);
    central.push(entry, name);
    offset += 30 + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ${MAIN}><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';
export const SHARED_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst ${MAIN}>`;
export const SHARED_TAIL = '</sst>';
export const SHEET = 'xl/worksheets/sheet1.xml';
export const SHARED = 'xl/sharedStrings.xml';

/** A workbook around a sheet part (and a shared-strings part). */
export function xlsxOf(sheet: Part, shared?: Part): Buffer {
  return zipOf([
    part('xl/workbook.xml', `<workbook ${MAIN} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    part('xl/_rels/workbook.xml.rels', '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'),
    sheet,
    ...(shared ? [shared] : []),
  ]);
}

/** A sheet of these rows' XML. */
export const sheetOfRows = (rowsXml: string) => xlsxOf(part(SHEET, SHEET_HEAD + rowsXml + SHEET_TAIL));

/** Row `r` with its cells as inline strings and numbers, from column A. */
export function rowXml(r: number, cells: (string | number | null)[]): string {
  const col = (i: number) => (i >= 26 ? String.fromCharCode(64 + Math.floor(i / 26)) : '') + String.fromCharCode(65 + (i % 26));
  const cell = (v: string | number | null, i: number) =>
    v === null ? '' : typeof v === 'number' ? `<c r="${col(i)}${r}"><v>${v}</v></c>` : `<c r="${col(i)}${r}" t="inlineStr"><is><t>${v}</t></is></c>`;
  return `<row r="${r}">${cells.map(cell).join('')}</row>`;
}
