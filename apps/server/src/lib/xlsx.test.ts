import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { quotePrefixedCells } from '../test/sheet-styles.js';
import { xlsxStream, type XlsxColumn } from './xlsx.js';

type Row = { name: string | null; n: number | null };

async function written(columns: XlsxColumn<Row>[], pages: Row[][], sheetRows?: number): Promise<Buffer> {
  async function* gen() {
    yield* pages;
  }
  const chunks: Buffer[] = [];
  for await (const c of xlsxStream(columns, gen(), sheetRows)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function book(columns: XlsxColumn<Row>[], pages: Row[][], sheetRows?: number) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await written(columns, pages, sheetRows)) as unknown as ArrayBuffer);
  return wb;
}

async function read(columns: XlsxColumn<Row>[], pages: Row[][]) {
  return (await book(columns, pages)).worksheets[0]!;
}

const rowsOf = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ name: `行${from + i}`, n: from + i }));

const columns: XlsxColumn<Row>[] = [
  { header: '名称', width: 20, value: (r) => r.name },
  { header: '数量', width: 8, value: (r) => r.n },
];

describe('the streamed .xlsx', () => {
  it('opens in a spreadsheet reader with a bold frozen header, text as text and numbers as numbers', async () => {
    const sheet = await read(columns, [[{ name: '张三 & <李四> "王五"', n: 3 }], [], [{ name: '  两端空格  ', n: 0 }, { name: null, n: null }]]);
    expect(sheet.getRow(1).values).toEqual([undefined, '名称', '数量']);
    expect([sheet.getCell('A1').font?.bold, sheet.getCell('B1').font?.bold, sheet.getCell('A2').font?.bold]).toEqual([true, true, undefined]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.getCell('A2').value).toBe('张三 & <李四> "王五"');
    expect(sheet.getCell('B2').value).toBe(3);
    expect(sheet.getCell('A3').value).toBe('  两端空格  ');
    expect(sheet.getCell('B3').value).toBe(0);
    expect(sheet.getCell('A4').value).toBeNull();
    expect(sheet.rowCount).toBe(4);
  });

  it('drops characters XML cannot hold instead of writing a file that will not open', async () => {
    const sheet = await read(columns, [[{ name: 'a\u0001b\u0008c\td', n: 1 }]]);
    expect(sheet.getCell('A2').value).toBe('abc\td');
  });

  it('marks text a spreadsheet would take for a formula as quoted text, leaving its value and real numbers alone', async () => {
    const hostile = ['=HYPERLINK("http://evil","x")', '+1', '-1+2', '@SUM(A1)', '\tcmd', '＝1+1', '－2'];
    const rows: Row[] = [...hostile.map((name) => ({ name, n: -3 })), { name: '张三 = 李四', n: -1.5 }, { name: ' =前面有空格', n: 0 }];
    const file = await written(columns, [rows]);
    const sheet = await read(columns, [rows]);
    const prefixed = new Map([...quotePrefixedCells(file)].map(([ref, c]) => [ref, c.quoted]));
    hostile.forEach((name, i) => {
      expect(sheet.getCell(`A${i + 2}`).value, 'the text reads back as saved').toBe(name);
      expect(prefixed.get(`A${i + 2}`), name).toBe(true);
      expect(sheet.getCell(`B${i + 2}`).value, 'a negative number stays a number').toBe(-3);
      expect(prefixed.get(`B${i + 2}`)).toBe(false);
    });
    expect([prefixed.get('A9'), prefixed.get('A10'), prefixed.get('A1'), sheet.getCell('B9').value]).toEqual([false, false, false, -1.5]);
    // The header keeps its bold style; a header that began with = would be bold and quoted.
    const headed = quotePrefixedCells(await written([{ header: '=合计', width: 8, value: (r) => r.n }], [[{ name: null, n: 1 }]]));
    expect(headed.get('A1')?.quoted).toBe(true);
  });

  it('names columns past Z as spreadsheets do', async () => {
    const wide: XlsxColumn<Row>[] = Array.from({ length: 30 }, (_, i) => ({ header: `c${i}`, width: 6, value: () => i }));
    const sheet = await read(wide, [[{ name: null, n: null }]]);
    expect(sheet.getCell('Z2').value).toBe(25);
    expect(sheet.getCell('AD2').value).toBe(29);
    expect(sheet.getCell('AD1').value).toBe('c29');
  });

  it('carries many pages of rows', async () => {
    const pages = Array.from({ length: 20 }, (_, p) => Array.from({ length: 500 }, (_, i) => ({ name: `行${p * 500 + i}`, n: p * 500 + i })));
    const sheet = await read(columns, pages);
    expect(sheet.rowCount).toBe(10_001);
    expect(sheet.getCell('A10001').value).toBe('行9999');
    expect(sheet.getCell('B10001').value).toBe(9999);
  });

  it('goes on in another sheet, under the same header, past a sheet\'s rows (Excel opens 1,048,576 a sheet), a page split across the two', async () => {
    // Three rows a sheet stand in for Excel's 1,048,575 under the header.
    const wb = await book(columns, [rowsOf(2), rowsOf(2, 2), [], rowsOf(3, 4)], 3);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Sheet1', 'Sheet2', 'Sheet3']);
    const sheets = wb.worksheets.map((w) => w.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1)));
    expect(sheets).toEqual([
      [['名称', '数量'], ['行0', 0], ['行1', 1], ['行2', 2]],
      [['名称', '数量'], ['行3', 3], ['行4', 4], ['行5', 5]],
      [['名称', '数量'], ['行6', 6]],
    ]);
    expect(wb.worksheets.every((w) => w.getCell('A1').font?.bold && w.views[0]?.state === 'frozen')).toBe(true);
  });

  it('opens no empty sheet when the rows end exactly at a sheet\'s end, and keeps one sheet, the header alone, for no rows', async () => {
    expect((await book(columns, [rowsOf(3), rowsOf(3, 3)], 3)).worksheets.map((w) => w.rowCount)).toEqual([4, 4]);
    expect((await book(columns, [], 3)).worksheets.map((w) => w.rowCount)).toEqual([1]);
  });

  it('ends the download with an error, rather than a file that looks complete, when reading fails midway', async () => {
    async function* failing() {
      yield [{ name: 'a', n: 1 }];
      throw new Error('database went away');
    }
    const stream = xlsxStream(columns, failing());
    await expect(async () => {
      for await (const c of stream) void c;
    }).rejects.toThrow('database went away');
  });

  it.each([['in its first sheet', undefined], ['after several sheets', 1500]])('stops reading pages when the download is abandoned %s', async (_, sheetRows) => {
    let served = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          served++;
          yield Array.from({ length: 1000 }, (_, i) => ({ name: `第${i}行的一段较长的文字，压缩前有一定体积`, n: i }));
        }
      } finally {
        closed = true;
      }
    }
    const stream = xlsxStream(columns, endless(), sheetRows);
    let bytes = 0;
    for await (const c of stream) {
      bytes += (c as Buffer).length;
      if (bytes > 200_000) break;
    }
    // A page already asked for may still come; after that, nothing more is read.
    await new Promise((r) => setTimeout(r, 50));
    const settled = served;
    await new Promise((r) => setTimeout(r, 100));
    expect(served).toBe(settled);
    expect(served).toBeLessThan(100);
    // The pages' source is closed too (an export's read connection goes back), not left suspended.
    expect(closed).toBe(true);
  });
});
