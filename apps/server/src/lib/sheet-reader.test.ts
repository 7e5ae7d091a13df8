import { Codes } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';
import { repeatedPart, rowXml, SHARED, SHARED_HEAD, SHARED_TAIL, SHEET, SHEET_HEAD, SHEET_TAIL, sheetOfRows, xlsxOf } from '../test/sheet-files.js';
import { AppError } from './errors.js';
import { createSheetReader, type SheetReaderOptions, type SheetStream } from './sheet-reader.js';
import { DEFAULT_SHEET_LIMITS, SheetError } from './sheet-limits.js';
import type { SheetRow } from './xlsx-read.js';

const options: SheetReaderOptions = { limits: DEFAULT_SHEET_LIMITS, concurrency: 2, queue: 1, workerMemoryMb: 256 };

async function all(sheet: SheetStream): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const r of sheet.rows) rows.push(r);
  return rows;
}

/** The SheetError a read ends with, after the rows it gave first. */
async function failure(file: Uint8Array, o: SheetReaderOptions = options): Promise<{ message: string; rowsBefore: number }> {
  let rowsBefore = 0;
  try {
    await createSheetReader(o).turn().read(file, async (sheet) => {
      for await (const _ of sheet.rows) rowsBefore++;
    });
  } catch (err) {
    if (err instanceof SheetError) return { message: err.message, rowsBefore };
    throw err;
  }
  throw new Error('read without failing');
}

describe('sheets read in a worker thread (security.md, "Uploaded sheets")', () => {
  it('hands over every row of a legal sheet, in order and in batches, with the row count first', async () => {
    const file = sheetOfRows(Array.from({ length: 5_000 }, (_, i) => rowXml(i + 1, [`客户 ${i} &amp; 号`, i, null, i % 2 ? 'x' : null])).join(''));
    const rows = await createSheetReader(options).turn().read(file, async (sheet) => {
      expect(sheet.rowCount).toBe(5_000);
      return all(sheet);
    });
    expect(rows).toHaveLength(5_000);
    expect(rows[0]).toEqual({ row: 1, cells: ['客户 0 & 号', 0] });
    expect(rows[4_999]).toEqual({ row: 5_000, cells: ['客户 4999 & 号', 4999, null, 'x'] });
  });

  it('passes a limit crossed in the worker on with its message', async () => {
    const bomb = xlsxOf({ ...repeatedPart(SHEET, SHEET_HEAD, '<row/>', 5_000_000, SHEET_TAIL), declared: 100 });
    expect((await failure(bomb)).message).toBe('表格超过 300000 行（含空行），请删除多余的行或拆分后再导入');
  });

  it('fails a sheet that goes wrong half-way after the rows before it, saying why', async () => {
    const good = Array.from({ length: 2_500 }, (_, i) => rowXml(i + 1, [`客户${i}`, i])).join('');
    const r = await failure(sheetOfRows(good + rowXml(2_501, ['x'.repeat(40_000)])));
    expect(r.message).toBe('表格第 2501 行有单元格超过 32767 个字符，请检查后再导入');
    expect(r.rowsBefore).toBeGreaterThanOrEqual(2_000);
  });

  it('says so when the worker runs out of its memory, and reads the next sheet as before', async () => {
    // 600,000 shared strings (each its own copy in V8, some 60 MB) in a worker allowed 16 MB.
    const shared = repeatedPart(SHARED, SHARED_HEAD, '<si><t>客户名称一二三四五六七八九十</t></si>', 600_000, SHARED_TAIL);
    const file = xlsxOf(repeatedPart(SHEET, SHEET_HEAD, '', 0, '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' + SHEET_TAIL), shared);
    expect((await failure(file, { ...options, workerMemoryMb: 16 })).message).toBe('读取表格所需内存超过 16 MB，请拆分后再导入');
    const rows = await createSheetReader(options).turn().read(sheetOfRows(rowXml(1, ['a', 1])), all);
    expect(rows).toEqual([{ row: 1, cells: ['a', 1] }]);
  });

  it('reads at most `concurrency` sheets at once, queues the next in order and refuses past the queue', async () => {
    const reader = createSheetReader({ ...options, concurrency: 2, queue: 2 });
    const file = sheetOfRows(rowXml(1, ['a']));
    const order: string[] = [];
    const held: Record<string, () => void> = {};
    let most = 0;
    const read = (name: string) =>
      reader.turn().read(file, async (sheet) => {
        await all(sheet);
        most = Math.max(most, reader.load().reading);
        const released = new Promise<void>((resolve) => (held[name] = resolve));
        order.push(name);
        await released;
        return name;
      });
    const runs = ['a', 'b', 'c', 'd'].map(read);
    expect(reader.load()).toEqual({ reading: 2, waiting: 2 });
    let refused: unknown;
    try {
      reader.turn();
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: Codes.TOO_MANY, message: '正在读取的表格较多（同时读取 2 个，另有 2 个排队），请稍后再导入' });
    const until = async (n: number) => {
      while (order.length < n) await new Promise((r) => setTimeout(r, 5));
    };
    await until(2);
    expect(order.sort()).toEqual(['a', 'b']);
    held.b!();
    await until(3);
    expect(order[2]).toBe('c');
    held.a!();
    await until(4);
    held.c!();
    held.d!();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(2);
    expect(reader.load()).toEqual({ reading: 0, waiting: 0 });
    // A place given up unused frees it for the next.
    const unused = reader.turn();
    unused.cancel();
    expect(reader.load()).toEqual({ reading: 0, waiting: 0 });
  });
});
