import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export type XlsxColumn<T> = { header: string; width: number; value: (row: T) => string | number | null };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams an .xlsx built page by page: rows are committed as they are written, so memory stays flat
 * however many rows the filters select.
 */
export function sendXlsx<T>(
  reply: FastifyReply,
  fileName: string,
  columns: XlsxColumn<T>[],
  pages: AsyncIterable<T[]>,
): FastifyReply {
  const stream = new PassThrough();
  const encoded = encodeURIComponent(fileName);
  reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encoded}`)
    .header('Access-Control-Expose-Headers', 'Content-Disposition');
  void (async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    const sheet = book.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
    sheet.getRow(1).font = { bold: true };
    for await (const page of pages) {
      for (const row of page) sheet.addRow(columns.map((c) => c.value(row))).commit();
    }
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => {
    reply.log.error({ err }, 'export failed');
    stream.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply.send(stream);
}

/** `设备列表-20261122-153000.xlsx` */
export function exportFileName(title: string, now = new Date()): string {
  const stamp = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `${title}-${stamp}.xlsx`;
}
