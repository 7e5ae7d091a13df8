import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openSheet, SheetError } from './xlsx-read.js';
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

  it('says a file that is not a workbook is not one', () => {
    expect(() => openSheet(new TextEncoder().encode('not a zip at all'))).toThrow(SheetError);
  });
});
