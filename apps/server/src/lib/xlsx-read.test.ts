import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { part, repeatedPart, rowXml, SHARED, SHARED_HEAD, SHARED_TAIL, SHEET, SHEET_HEAD, SHEET_TAIL, sheetOfRows, xlsxOf } from '../test/sheet-files.js';
import { DEFAULT_SHEET_LIMITS, type SheetLimits } from './sheet-limits.js';
import { openSheet, SheetError, type SheetReadStats } from './xlsx-read.js';
import { xlsxStream } from './xlsx.js';

type Row = { n: number; name: string };

async function written(rows: number): Promise<Buffer> {
  async function* pages(): AsyncGenerator<Row[]> {
    for (let start = 0; start < rows; start += 1000) yield Array.from({ length: Math.min(1000, rows - start) }, (_, i) => ({ n: start + i, name: `客户 <${start + i}> & 号` }));
  }
  const chunks: Buffer[] = [];
  for await (const c of xlsxStream<Row>([{ header: '序号', width: 8, value: (r) => r.n }, { header: '姓名', width: 12, value: (r) => r.name }], pages())) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('reading a sheet', () => {
  it('reads every row of a sheet many slices long, in order, with its text unescaped', async () => {
    const sheet = openSheet(await written(30_000));
    expect(sheet.rowCount).toBe(30_001);
    let n = -1;
    for (const row of sheet.rows) {
      if (n === -1) expect(row.cells).toEqual(['序号', '姓名']);
      else expect(row).toEqual({ row: n + 2, cells: [n, `客户 <${n}> & 号`] });
      n++;
    }
    expect(n).toBe(30_000);
  });

  it('reads shared strings and leaves gaps for empty cells, as Excel writes them', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('贷款');
    ws.addRow(['合同号', null, '金额']);
    ws.addRow(['HT-1', null, 12.5]);
    const sheet = openSheet(new Uint8Array(await book.xlsx.writeBuffer()));
    expect([...sheet.rows].map((r) => r.cells)).toEqual([['合同号', null, '金额'], ['HT-1', null, 12.5]]);
  });

  it('joins the runs of rich text, and keeps an empty shared string in its place', () => {
    const shared = part(SHARED, `${SHARED_HEAD}<si/><si><r><t xml:space="preserve">张 </t></r><r><rPr><b/></rPr><t>三</t></r></si><si><t>A&amp;B</t></si>${SHARED_TAIL}`);
    const cells = '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>';
    const sheet = openSheet(xlsxOf(part(SHEET, `${SHEET_HEAD}<row r="1">${cells}</row>${SHEET_TAIL}`), shared));
    expect([...sheet.rows]).toEqual([{ row: 1, cells: ['', '张 三', 'A&B'] }]);
  });

  it('says a file that is not a workbook is not one', () => {
    expect(() => openSheet(new TextEncoder().encode('not a zip at all'))).toThrow(SheetError);
  });
});

const MB = 1024 * 1024;

/** Opens a sheet and reads every row, as an import does; answers the refusal's message, and how much was inflated. */
function refusal(file: Uint8Array, limits: Partial<SheetLimits> = {}): { message: string; inflated: number } {
  const stats: SheetReadStats = { inflatedBytes: 0 };
  try {
    for (const _ of openSheet(file, { limits: { ...DEFAULT_SHEET_LIMITS, ...limits }, stats }).rows);
  } catch (err) {
    if (!(err instanceof SheetError)) throw err;
    return { message: err.message, inflated: stats.inflatedBytes };
  }
  throw new Error(`not refused (${stats.inflatedBytes} bytes inflated)`);
}

/** A sheet of `times` copies of `fill` after its head, as large as it likes, declaring `declared` bytes when given. */
const bomb = (fill: string, times: number, declared?: number) => xlsxOf({ ...repeatedPart(SHEET, SHEET_HEAD, fill, times, SHEET_TAIL), declared });

describe('a sheet past its limits is refused while it is read (security.md, "Uploaded sheets")', () => {
  it('refuses a zip bomb by its declared size before inflating anything', () => {
    // 2 GB of spaces in 2 MB: past the 160 MB a part may inflate to.
    const file = bomb(' ', 2048 * MB);
    expect(file.length).toBeLessThan(3 * MB);
    const r = refusal(file);
    expect(r.message).toBe('表格中的 xl/worksheets/sheet1.xml 解压后超过 160 MB，请拆分后再导入');
    // Only the workbook's few hundred bytes, to find the sheet.
    expect(r.inflated).toBeLessThan(1024);
  });

  it('stops inflating a bomb that lies about its size as soon as a limit is crossed', () => {
    // 256 MB of spaces in about 250 KB, declaring 1 KB.
    const file = bomb(' ', 256 * MB, 1024);
    expect(file.length).toBeLessThan(400 * 1024);
    const part = refusal(file, { partBytes: 4 * MB });
    expect(part.message).toBe('表格中的 xl/worksheets/sheet1.xml 解压后超过 4 MB，请拆分后再导入');
    // At most one slice (8 KiB of compressed input, ~8.5 MB out) past the limit, of 256 MB.
    expect(part.inflated).toBeLessThan(4 * MB + 9 * MB);
    const total = refusal(file, { inflatedBytes: 6 * MB });
    expect(total.message).toBe('表格解压后超过 6 MB，请拆分后再导入');
    expect(total.inflated).toBeLessThan(6 * MB + 9 * MB);
  });

  it('counts every part read against the total', () => {
    const shared = { ...repeatedPart(SHARED, SHARED_HEAD, '<si><t>甲</t></si>', 200_000, SHARED_TAIL), declared: 10 };
    const sheet = { ...repeatedPart(SHEET, SHEET_HEAD, '<row/>', 600_000, SHEET_TAIL), declared: 10 };
    // Each part (3.6 MB) is under the part limit; together they are not.
    expect(refusal(xlsxOf(sheet, shared), { inflatedBytes: 5 * MB, partBytes: 4 * MB }).message).toBe('表格解压后超过 5 MB，请拆分后再导入');
  });

  it('refuses millions of empty rows at the row limit, without reading on', () => {
    // 10 million <row/> (60 MB): the process was busy for minutes with a hundred million.
    const r = refusal(bomb('<row/>', 10_000_000));
    expect(r.message).toBe('表格超过 300000 行（含空行），请删除多余的行或拆分后再导入');
    expect(r.inflated).toBeLessThan(16 * MB);
  });

  it('refuses a cell beyond the last column allowed, however few cells come before it', () => {
    expect(refusal(sheetOfRows(`${rowXml(1, ['a'])}<row r="2"><c r="XFD2"><v>1</v></c></row>`)).message).toBe('表格第 2 行超过 1024 列，请删除多余的列后再导入');
    const wide = `<row r="3">${'<c><v>1</v></c>'.repeat(1025)}</row>`;
    expect(refusal(sheetOfRows(rowXml(1, ['a']) + wide)).message).toBe('表格第 3 行超过 1024 列，请删除多余的列后再导入');
  });

  it('refuses an overlong cell, inline or shared', () => {
    expect(refusal(sheetOfRows(rowXml(1, ['a']) + rowXml(2, ['b', 'x'.repeat(32_768)]))).message).toBe('表格第 2 行有单元格超过 32767 个字符，请检查后再导入');
    const shared = part(SHARED, `${SHARED_HEAD}<si><t>${'y'.repeat(40_000)}</t></si>${SHARED_TAIL}`);
    expect(refusal(xlsxOf(part(SHEET, SHEET_HEAD + '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' + SHEET_TAIL), shared)).message).toBe(
      '表格中有单元格超过 32767 个字符，请检查后再导入',
    );
  });

  it('refuses an overlong row, and one that never ends, holding no more than the limit', () => {
    const long = rowXml(2, Array.from({ length: 40 }, () => 'z'.repeat(30_000)));
    expect(refusal(sheetOfRows(rowXml(1, ['a']) + long)).message).toBe('表格第 2 行的内容超过 1 MB，请检查后再导入');
    // A row opened and never closed, 200 MB long: it would all be held waiting for its end.
    const endless = xlsxOf({ ...repeatedPart(SHEET, `${SHEET_HEAD}<row r="7"><c r="A7" t="inlineStr"><is><t>`, 'w', 200 * MB, ''), declared: 100 });
    const r = refusal(endless);
    expect(r.message).toBe('表格第 7 行的内容超过 1 MB，请检查后再导入');
    expect(r.inflated).toBeLessThan(16 * MB);
  });

  it('refuses too many shared strings, and too much shared text', () => {
    const many = repeatedPart(SHARED, SHARED_HEAD, '<si><t>x</t></si>', 1_000_001, SHARED_TAIL);
    expect(refusal(xlsxOf(part(SHEET, SHEET_HEAD + SHEET_TAIL), many)).message).toBe('表格的共享文本超过 1000000 条，请拆分后再导入');
    const long = repeatedPart(SHARED, SHARED_HEAD, `<si><t>${'长'.repeat(30_000)}</t></si>`, 1_100, SHARED_TAIL);
    expect(refusal(xlsxOf(part(SHEET, SHEET_HEAD + SHEET_TAIL), long)).message).toBe('表格的共享文本共超过 32000000 个字符，请拆分后再导入');
  });

  it('says a file damaged inside its sheet is damaged', () => {
    const whole = part(SHEET, SHEET_HEAD + Array.from({ length: 20_000 }, (_, i) => rowXml(i + 1, [`客户${i}`, i])).join('') + SHEET_TAIL);
    const cut = { ...whole, deflated: whole.deflated.subarray(0, whole.deflated.length >> 1) };
    expect(refusal(xlsxOf(cut)).message).toBe('表格文件已损坏（xl/worksheets/sheet1.xml 无法解压），请重新保存后再导入');
  });

  it('still reads a sheet made to the limits', () => {
    const at = { ...DEFAULT_SHEET_LIMITS, rows: 3, columns: 3, cellChars: 5 };
    const sheet = openSheet(sheetOfRows(rowXml(1, ['a', 'b', 'c']) + rowXml(2, ['12345', 1, null]) + '<row r="3"/>'), { limits: at });
    expect(sheet.rowCount).toBe(3);
    expect([...sheet.rows]).toEqual([{ row: 1, cells: ['a', 'b', 'c'] }, { row: 2, cells: ['12345', 1] }, { row: 3, cells: [] }]);
  });
});
