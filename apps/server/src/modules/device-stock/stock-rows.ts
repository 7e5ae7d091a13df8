import { DEVICE_STOCK_LIMITS as L, STOCK_KIND_WORDS, STOCK_SHEET_COLUMNS, type DeviceKind, type StockRowField } from '@cvrisk/contracts';
import { badInput } from '../../lib/errors.js';
import { isValidLuhn } from '../../lib/luhn.js';
import type { SheetReader, SheetSource } from '../../lib/sheet-reader.js';
import { SheetError, type SheetCell } from '../../lib/xlsx-read.js';
import { deviceNumberFromPhone } from '../../telemetry/jt808/device-number.js';

/** A row as read: where it was (line or sheet row), its four fields, and how many cells it had beyond them. */
export type SourceRow = { row: number; fields: Partial<Record<StockRowField, SheetCell>>; extraCells: number };

/** A row whose fields are all good on their own (duplicates and existing devices are checked after). */
export type StockDevice = { row: number; number: string; model: string; kind: DeviceKind; iccid: string; terminalId: string | null };

const HEADERS = STOCK_SHEET_COLUMNS.map((c) => c.header);
const REQUIRED_HEADERS = ['设备号', '型号', '类型'];
const tooMany = () => badInput(`每次最多导入${L.maxRows}台设备，请分批导入`);

/**
 * A pasted list: one device a line (number, model, kind, ICCID) separated by tabs (as Excel copies)
 * or commas; blank lines are skipped and a first line of headers, as copied with the template's, too.
 */
export function pastedRows(text: string): SourceRow[] {
  const out: SourceRow[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const cells = line.split(/\t|,|，/).map((c) => c.trim());
    if (out.length === 0 && cells[0] === HEADERS[0]) continue;
    if (out.length === L.maxRows) throw tooMany();
    // Trailing empty cells (a tab at the end of a copied row) are not extra columns.
    while (cells.length > HEADERS.length && cells[cells.length - 1] === '') cells.pop();
    out.push({
      row: i + 1,
      fields: Object.fromEntries(STOCK_SHEET_COLUMNS.map((c, at) => [c.field, cells[at] ?? null])),
      extraCells: Math.max(0, cells.length - HEADERS.length),
    });
  }
  return out;
}

/**
 * The sheet's rows, by header text in any order (the template's headers); empty rows are skipped. The
 * sheet is read in a worker thread when its turn comes (lib/sheet-reader.ts); a full queue answers 429.
 */
export async function sheetRows(content: SheetSource, sheets: SheetReader): Promise<SourceRow[]> {
  try {
    return await sheets.turn().read(content, async (sheet) => {
      const head = await sheet.rows.next();
      if (head.done) throw new SheetError('表格是空的');
      const at = new Map(head.value.cells.map((c, i) => [String(c ?? '').trim(), i]));
      const missing = REQUIRED_HEADERS.filter((h) => !at.has(h));
      if (missing.length) throw new SheetError(`表头缺少：${missing.join('、')}（请使用导入模板）`);
      const out: SourceRow[] = [];
      for await (const r of sheet.rows) {
        if (r.cells.every((c) => c === null || String(c).trim() === '')) continue;
        if (out.length === L.maxRows) throw tooMany();
        out.push({ row: r.row, fields: Object.fromEntries(STOCK_SHEET_COLUMNS.map((c) => [c.field, at.has(c.header) ? (r.cells[at.get(c.header)!] ?? null) : null])), extraCells: 0 });
      }
      return out;
    });
  } catch (err) {
    if (err instanceof SheetError) throw badInput(err.message);
    throw err;
  }
}

const text = (c: SheetCell | undefined) => (c === null || c === undefined ? '' : String(c).trim());

/**
 * The number the gateway files the terminal under (`deviceNumberFromPhone`: its header digits without
 * the zeros that pad them), so an imported device is the one that later registers. 15 digits are an
 * IMEI and must carry a valid Luhn check digit, as printed on the unit.
 */
export function stockNumber(cell: SheetCell | undefined): { number: string } | { problem: string } {
  // A number cell beyond 2^53 has already lost digits; 15-digit IMEIs still fit.
  if (typeof cell === 'number' && !Number.isSafeInteger(cell)) return { problem: '设备号超过15位时请将单元格设为文本格式' };
  const raw = text(cell);
  if (raw === '') return { problem: '缺少设备号' };
  if (!/^\d{1,20}$/.test(raw)) return { problem: '设备号应为数字（IMEI 15位或终端手机号，最多20位）' };
  const number = deviceNumberFromPhone(raw);
  if (number.length < 6) return { problem: '设备号去掉前导0后至少6位' };
  if (number.length === 15 && !isValidLuhn(number)) return { problem: 'IMEI 校验位不对（15位设备号按 IMEI 校验）' };
  return { number };
}

/** An ICCID when given: 19–20 digits or capital letters (some carriers' cards carry letters), starting 89. */
export function stockIccid(cell: SheetCell | undefined): { iccid: string } | { problem: string } {
  if (typeof cell === 'number') return { problem: 'ICCID 请将单元格设为文本格式（数字格式会丢失位数）' };
  const iccid = text(cell).toUpperCase();
  if (iccid === '') return { iccid };
  if (!/^[0-9A-Z]{19,20}$/.test(iccid)) return { problem: 'ICCID 应为19–20位数字或字母' };
  if (!iccid.startsWith('89')) return { problem: 'ICCID 应以89开头' };
  return { iccid };
}

/** A terminal id when given: letters and digits, as the terminal sends it in its registration (compared in capitals). */
export function stockTerminalId(cell: SheetCell | undefined): { terminalId: string | null } | { problem: string } {
  const id = text(cell).toUpperCase();
  if (id === '') return { terminalId: null };
  if (!new RegExp(`^[0-9A-Z]{1,${L.terminalIdMax}}$`).test(id)) return { problem: `终端ID应为1–${L.terminalIdMax}位字母或数字` };
  return { terminalId: id };
}

/** One row's own fields checked: the device, or every problem of it. */
export function checkRow(r: SourceRow): { device: StockDevice } | { problems: string[] } {
  const problems: string[] = [];
  const number = stockNumber(r.fields.deviceNumber);
  if ('problem' in number) problems.push(number.problem);
  const model = text(r.fields.model);
  if (model === '') problems.push('缺少型号');
  else if (model.length > L.modelMax) problems.push(`型号最多${L.modelMax}个字符`);
  const kindText = text(r.fields.kind);
  const kind = STOCK_KIND_WORDS[kindText.toLowerCase()];
  if (kindText === '') problems.push('缺少类型（有线/无线）');
  else if (kind === undefined) problems.push(`类型“${kindText.slice(0, 10)}”无法识别，应为有线或无线`);
  const iccid = stockIccid(r.fields.iccid);
  if ('problem' in iccid) problems.push(iccid.problem);
  const terminalId = stockTerminalId(r.fields.terminalId);
  if ('problem' in terminalId) problems.push(terminalId.problem);
  if (r.extraCells > 0) problems.push(`多出${r.extraCells}列（每行依次为设备号、型号、类型、ICCID、终端ID）`);
  if (problems.length > 0 || 'problem' in number || 'problem' in iccid || 'problem' in terminalId || kind === undefined) return { problems };
  return { device: { row: r.row, number: number.number, model, kind, iccid: iccid.iccid, terminalId: terminalId.terminalId } };
}

/** The number as the report shows it: as given, cut to fit. */
export const givenNumber = (r: SourceRow) => text(r.fields.deviceNumber).slice(0, 30);
