import { LOAN_IMPORT_LIMITS as L, LoanStatusWords, overdueAmountCents, parseTime, type LoanRow, type LoanRowError, type LoanStatus } from '@cvrisk/contracts';
import { checkCarOfRow, type CarContext, type CheckedCar } from './car-row-check.js';

/** One loan row as checking leaves it: everything the database needs, amounts in cents. */
export type CheckedLoan = {
  customerName: string;
  phone: string;
  idCard: string;
  address: string;
  dealerId: number;
  contractNo: string;
  amountCents: number;
  termMonths: number;
  repaymentDay: number;
  startDay: number;
  overdueDays: number;
  /** The lender's figure, or the instalments missed. */
  overdueAmountCents: number;
  status: LoanStatus;
  /** The financed car, when the row gives its frame number. */
  car: CheckedCar | null;
};

/** What a row is checked against: the importer's dealers by name, the contracts and cars already stored. */
export type CheckContext = CarContext & {
  dealers: ReadonlyMap<string, number>;
  /** Contract numbers stored under a department outside the importer's scope. */
  foreignContracts: ReadonlySet<string>;
  /** Contract numbers already seen in this import (the check adds to it). */
  seen: Set<string>;
  today: number;
};

/** The field names as the report shows them: the sheet's headers, or the JSON names. */
export type FieldNames = Record<keyof LoanRow, string>;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The GB 11643 check character of 17 digits. */
export function idCheckChar(first17: string): string {
  return ID_CHECK[ID_WEIGHTS.reduce((s, w, i) => s + w * Number(first17[i]), 0) % 11]!;
}

/** GB 11643: 17 digits, a check character, and a birth date that exists. */
export function idCardProblem(id: string): string | null {
  if (/^\d{15}$/.test(id)) return '不支持15位旧身份证号，请填写18位号码';
  if (!/^\d{17}[\dX]$/.test(id)) return '身份证号应为18位（末位可为X）';
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)} 00:00:00`;
  if (parseTime(birth) === null) return '身份证号中的出生日期不存在';
  return idCheckChar(id.slice(0, 17)) === id[17] ? null : '身份证号校验位不正确';
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
/** Excel keeps dates as day serials from 1899-12-30. */
const EXCEL_EPOCH_DAY = Date.UTC(1899, 11, 30);

function dayOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 100_000) {
    const d = new Date(EXCEL_EPOCH_DAY + v * 86_400_000);
    return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  }
  const s = text(v).replace(/\//g, '-');
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (parseTime(`${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')} 00:00:00`) === null) return null;
  return y * 10000 + mo * 100 + d;
}

function amountCents(v: unknown): number | null {
  const s = typeof v === 'number' ? String(v) : text(v).replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

function integer(v: unknown): number | null {
  const s = typeof v === 'number' ? String(v) : text(v);
  return /^\d+$/.test(s) ? Number(s) : null;
}

/**
 * Checks one row; answers the loan, or every problem with its field. A row's contract number joins
 * `ctx.seen`, so the same number twice in one import is an error on the second row; its frame number
 * joins `ctx.seenFrames`, where only another customer's row with it is an error (one car, two loans).
 */
export function checkLoanRow(raw: Record<string, unknown>, row: number, ctx: CheckContext, names: FieldNames): { loan: CheckedLoan | null; errors: LoanRowError[] } {
  const errors: LoanRowError[] = [];
  const bad = (field: keyof FieldNames, message: string) => errors.push({ row, field: names[field], message });

  const customerName = text(raw.customerName);
  if (customerName.length < 2 || customerName.length > 50) bad('customerName', '客户姓名应为2–50个字');
  const phone = text(raw.phone);
  if (!/^1[3-9]\d{9}$/.test(phone)) bad('phone', '手机号应为11位手机号码');
  const idCard = text(raw.idCard).toUpperCase();
  const idProblem = idCardProblem(idCard);
  if (idProblem) bad('idCard', idProblem);
  const address = text(raw.address);
  if (address.length > 255) bad('address', '地址最多255个字');
  const dealerName = text(raw.dealerName);
  const dealerId = ctx.dealers.get(dealerName);
  if (dealerId === undefined) bad('dealerName', dealerName ? `经销商“${dealerName}”不存在或不在您的管辖范围内` : '请填写经销商');
  const contractNo = text(raw.contractNo);
  if (!/^[A-Za-z0-9_-]{4,40}$/.test(contractNo)) bad('contractNo', '合同号应为4–40位字母、数字、-或_');
  else if (ctx.seen.has(contractNo)) bad('contractNo', '合同号在本次导入中重复');
  else if (ctx.foreignContracts.has(contractNo)) bad('contractNo', '合同号已存在于其他机构');
  if (contractNo) ctx.seen.add(contractNo);
  const car = checkCarOfRow(raw, row, dealerId === undefined || idProblem ? null : `${dealerId}|${idCard}`, ctx, bad);
  const amount = amountCents(raw.loanAmount);
  if (amount === null || amount <= 0 || amount > L.amountMaxYuan * 100) bad('loanAmount', `贷款金额应为大于0、不超过${L.amountMaxYuan}的金额，最多两位小数`);
  const term = integer(raw.termMonths);
  if (term === null || term < 1 || term > L.termMaxMonths) bad('termMonths', `期数应为1–${L.termMaxMonths}的整数`);
  const repaymentDay = integer(raw.repaymentDay);
  // Lenders set repayment days no later than the 28th, so every month has one.
  if (repaymentDay === null || repaymentDay < 1 || repaymentDay > 28) bad('repaymentDay', '还款日应为1–28的整数');
  const startDay = dayOf(raw.startDate);
  if (startDay === null) bad('startDate', '放款日期应为存在的日期（YYYY-MM-DD）');
  else if (startDay > ctx.today) bad('startDate', '放款日期不能晚于今天');
  const overdueDays = text(raw.overdueDays) === '' ? 0 : integer(raw.overdueDays);
  if (overdueDays === null || overdueDays > L.overdueMaxDays) bad('overdueDays', `逾期天数应为0–${L.overdueMaxDays}的整数`);
  const overdueAmount = text(raw.overdueAmount) === '' ? null : amountCents(raw.overdueAmount);
  if (text(raw.overdueAmount) !== '' && overdueAmount === null) bad('overdueAmount', '逾期金额应为不小于0的金额，最多两位小数');
  const statusText = text(raw.loanStatus);
  let status: LoanStatus = (overdueDays ?? 0) > 0 ? 'overdue' : 'normal';
  if (statusText) {
    const given = LoanStatusWords[statusText];
    if (!given) bad('loanStatus', '贷款状态应为 正常、逾期 或 结清');
    else if (given === 'settled' && (overdueDays ?? 0) > 0) bad('loanStatus', '已结清的贷款不能有逾期天数');
    else if (given === 'overdue' && overdueDays === 0) bad('loanStatus', '逾期的贷款应填写逾期天数');
    else status = given;
  }
  if (errors.length > 0) return { loan: null, errors };
  return {
    errors,
    loan: {
      customerName, phone, idCard, address, dealerId: dealerId!, contractNo, amountCents: amount!, termMonths: term!, repaymentDay: repaymentDay!,
      startDay: startDay!, overdueDays: overdueDays!, overdueAmountCents: overdueAmount ?? overdueAmountCents(amount!, term!, overdueDays!), status, car,
    },
  };
}
