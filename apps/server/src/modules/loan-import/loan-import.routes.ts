import { INGEST_KEY_HEADER, LOAN_IMPORT_LIMITS, LOAN_SHEET_COLUMNS, LoanImportCalls, type LoanRow } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { vinCheckDigit } from '../../demo/vehicles.js';
import { route, said } from '../../lib/route.js';
import { sendXlsx, type XlsxColumn } from '../../lib/xlsx.js';
import type { LoanImportRepository } from './loan-import.repository.js';
import type { LoanImportService } from './loan-import.service.js';
import type { Catalogue } from './car-row-check.js';
import { idCheckChar } from './loan-row-check.js';

const TEMPLATE: XlsxColumn<Record<string, string | number>>[] = LOAN_SHEET_COLUMNS.map((c) => ({ header: c.header, width: c.header.length * 2 + 6, value: (r) => r[c.field] ?? null }));

const VIN_DRAFT = 'LSVAM4187N2000001';
const EXAMPLE_VIN = VIN_DRAFT.slice(0, 8) + vinCheckDigit(VIN_DRAFT) + VIN_DRAFT.slice(9);

/**
 * The template's example row: valid as it stands, under one of the importer's dealers and with the
 * catalogue's first brand and model, so it shows the format and imports cleanly.
 */
function example(dealerName: string, catalogue: Catalogue): Record<keyof LoanRow, string | number> {
  const id17 = '33010619900307451';
  const brand = [...catalogue.values()].find((b) => b.modelNames.length > 0);
  return {
    customerName: '张三', phone: '13800138000', idCard: id17 + idCheckChar(id17), address: '浙江省杭州市西湖区文三路1号', dealerName,
    contractNo: 'HT2026000001', loanAmount: 150000, termMonths: 36, repaymentDay: 15, startDate: '2026-01-15', overdueDays: 0, overdueAmount: 0, loanStatus: '正常',
    // Without a catalogue (nothing to name) the car columns stay empty: the row is then a loan only.
    frameNumber: brand ? EXAMPLE_VIN : '', plateNumber: brand ? '浙A12345' : '', brandName: brand?.name ?? '', modelName: brand?.modelNames[0] ?? '', color: brand ? '白色' : '',
  };
}

export function loanImportRoutes(app: FastifyInstance, imports: LoanImportService, repo: LoanImportRepository): void {
  route(app, LoanImportCalls.template, async ({ user, reply }) => {
    const dealer = [...(await repo.dealers(user.scope)).keys()][0] ?? '某某经销商';
    const catalogue = await repo.catalogue();
    return sendXlsx(reply, '贷款导入模板.xlsx', TEMPLATE, (async function* () { yield [example(dealer, catalogue)]; })());
  });

  route(app, LoanImportCalls.importFile, async ({ user, body, request }) =>
    said('已开始导入', await imports.importFile(user, body, (err) => request.log.error({ err }, 'loan import failed'))),
    // Room for the content's longest text even in 3-byte characters, so any too-long text is told its limit (400), not 413.
    { bodyLimit: 3 * (Math.ceil((LOAN_IMPORT_LIMITS.maxFileBytes * 4) / 3) + 8) + 1024 * 1024 },
  );

  route(app, LoanImportCalls.status, async ({ user, query }) => imports.status(user, query.id));

  // The key is checked before the body, so the service parses the declared body after it, not the route.
  const { body: _parsedByService, ...json } = LoanImportCalls.importJson;
  route(
    app,
    json,
    async ({ request }) => {
      const header = request.headers[INGEST_KEY_HEADER];
      const r = await imports.importJson({ key: typeof header === 'string' ? header : undefined, ip: request.ip, call: json.path }, request.body);
      return said(`已导入：新增 ${r.created} 条，更新 ${r.updated} 条`, r);
    },
    { bodyLimit: 8 * 1024 * 1024 },
  );
}
