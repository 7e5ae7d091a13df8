/**
 * What one uploaded sheet may cost to read, each checked while the archive is inflated and parsed, so a
 * file that crosses one is refused at that moment, never read to its end. The defaults sit well above
 * the largest legitimate import: a 100,000-row loan sheet (the loan import's own limit) inflates to
 * 47–64 MB of sheet XML plus up to 14 MB of shared strings (400,000 strings, 7.5 million characters),
 * its rows under 1,000 bytes of XML, 13 columns. Settings: `SHEET_MAX_*` (config.ts).
 */
export type SheetLimits = {
  /** Bytes inflated from the archive, every part read counted together. */
  inflatedBytes: number;
  /** Bytes inflated from any one part (the sheet, its shared strings, …). */
  partBytes: number;
  /** `<row>` elements in the sheet, empty ones included. */
  rows: number;
  /** Columns a row may reach (a cell at column 1,025 crosses 1,024, however few cells come before it). */
  columns: number;
  /** Characters of one cell's text (Excel's own limit is 32,767). */
  cellChars: number;
  /** Bytes of one row's XML, or of one shared string's. */
  rowBytes: number;
  /** Entries in the shared-strings table… */
  sharedStrings: number;
  /** …and their characters together (the table is held while the sheet is read). */
  sharedStringChars: number;
};

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  inflatedBytes: 200 * 1024 * 1024,
  partBytes: 160 * 1024 * 1024,
  rows: 300_000,
  columns: 1_024,
  cellChars: 32_767,
  rowBytes: 1024 * 1024,
  sharedStrings: 1_000_000,
  sharedStringChars: 32_000_000,
};

/** A sheet that cannot or may not be read; its message tells the user what to do. */
export class SheetError extends Error {}

const mb = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(2))} MB`;

/** The message of each limit crossed: what was crossed, by how much it was allowed, what to do. */
export const sheetLimitMessage = {
  inflatedBytes: (l: SheetLimits) => `表格解压后超过 ${mb(l.inflatedBytes)}，请拆分后再导入`,
  partBytes: (l: SheetLimits, part: string) => `表格中的 ${part} 解压后超过 ${mb(l.partBytes)}，请拆分后再导入`,
  rows: (l: SheetLimits) => `表格超过 ${l.rows} 行（含空行），请删除多余的行或拆分后再导入`,
  columns: (l: SheetLimits, row: number) => `表格第 ${row} 行超过 ${l.columns} 列，请删除多余的列后再导入`,
  cellChars: (l: SheetLimits, row: number | null) =>
    `${row === null ? '表格中有' : `表格第 ${row} 行有`}单元格超过 ${l.cellChars} 个字符，请检查后再导入`,
  rowBytes: (l: SheetLimits, row: number) => `表格第 ${row} 行的内容超过 ${mb(l.rowBytes)}，请检查后再导入`,
  sharedStringChars: (l: SheetLimits) => `表格的共享文本共超过 ${l.sharedStringChars} 个字符，请拆分后再导入`,
  sharedStrings: (l: SheetLimits) => `表格的共享文本超过 ${l.sharedStrings} 条，请拆分后再导入`,
};
