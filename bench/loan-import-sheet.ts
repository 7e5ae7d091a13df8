import { LOAN_SHEET_COLUMNS, type LoanRow } from '@cvrisk/contracts';
import { idCardCheckDigit } from '../apps/server/src/demo/identity.js';
import { BRANDS, vinCheckDigit } from '../apps/server/src/demo/vehicles.js';
import { xlsxStream } from '../apps/server/src/lib/xlsx.js';

/**
 * A lender's monthly sheet of `rows` new loans across `dealers`, every row valid and with its financed
 * car (a new frame number, a brand and model of the demo catalogue), written by the product's own
 * .xlsx writer: what an import of a whole portfolio sends.
 */
export async function loanSheet(rows: number, dealers: string[]): Promise<Buffer> {
  async function* pages(): AsyncGenerator<LoanRow[]> {
    for (let start = 0; start < rows; start += 1000) {
      const page: LoanRow[] = [];
      for (let i = start; i < Math.min(rows, start + 1000); i++) {
        // Born 1970–1999 on day 1–28 of a month; the sequence number keeps every identity distinct.
        const first = `330106${1970 + (i % 30)}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}${String(Math.floor(i / 10) % 1000).padStart(3, '0')}`;
        const overdue = i % 12 === 0 ? 1 + (i % 200) : 0;
        // WMI LBE is no demo brand's, so these frame numbers meet none of the database's cars.
        const draft = `LBEAB2180N${String(i).padStart(7, '0')}`;
        const brand = BRANDS[i % BRANDS.length]!;
        page.push({
          customerName: `导入客户${i}`, phone: `137${String(i).padStart(8, '0')}`, idCard: first + idCardCheckDigit(first), address: '浙江省杭州市西湖区',
          dealerName: dealers[i % dealers.length]!, contractNo: `IMPB${String(i).padStart(9, '0')}`, loanAmount: 50_000 + (i % 200) * 1000,
          termMonths: 36, repaymentDay: 1 + (i % 28), startDate: '2026-01-15', overdueDays: overdue, loanStatus: overdue ? '逾期' : '正常',
          frameNumber: draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9), plateNumber: `浙A${String(i % 100_000).padStart(5, '0')}`,
          brandName: brand.name, modelName: brand.models[i % brand.models.length]!, color: '白色',
        });
      }
      yield page;
    }
  }
  const columns = LOAN_SHEET_COLUMNS.map((c) => ({ header: c.header, width: 14, value: (r: LoanRow) => (r[c.field] ?? null) as string | number | null }));
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(columns, pages())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
