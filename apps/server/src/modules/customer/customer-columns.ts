import { LOAN_STATUS_LABELS, OVERDUE_BUCKETS, type CustomerListItem, type LoanFraudItem, type OverdueListItem } from '@cvrisk/contracts';
import type { XlsxColumn } from '../../lib/xlsx.js';

const loanStatus = (s: keyof typeof LOAN_STATUS_LABELS | undefined) => (s ? LOAN_STATUS_LABELS[s].zh : '');

export const CUSTOMER_EXPORT_COLUMNS: XlsxColumn<CustomerListItem>[] = [
  { header: '客户', width: 10, value: (c) => c.customerName },
  { header: '手机号', width: 14, value: (c) => c.customerPhone },
  { header: '身份证号', width: 20, value: (c) => c.idCard },
  { header: '客户等级', width: 10, value: (c) => c.gradeName },
  { header: '骗贷', width: 6, value: (c) => (c.fraud ? '是' : '') },
  { header: '经销商', width: 22, value: (c) => c.deptName4s },
  { header: '金融机构', width: 22, value: (c) => c.deptName },
  { header: '合同号', width: 18, value: (c) => c.loan?.contractNo ?? '' },
  { header: '贷款状态', width: 8, value: (c) => loanStatus(c.loan?.loanStatus) },
  { header: '贷款金额(元)', width: 12, value: (c) => c.loan?.loanAmount ?? null },
  { header: '逾期天数', width: 8, value: (c) => c.loan?.overdueDays ?? 0 },
  { header: '未处理预警', width: 10, value: (c) => c.unhandledCount },
  { header: '未处理预警类型', width: 30, value: (c) => c.unhandledByType.map((t) => `${t.warningTypeName}${t.count}`).join('、') },
  { header: '车牌号', width: 10, value: (c) => c.car?.plateNumber ?? '' },
  { header: '最后上报', width: 20, value: (c) => c.car?.lastTime ?? '' },
  { header: '最后位置', width: 24, value: (c) => c.car?.lastAddress ?? '' },
];

export const OVERDUE_EXPORT_COLUMNS: XlsxColumn<OverdueListItem>[] = [
  { header: '客户', width: 10, value: (c) => c.customerName },
  { header: '手机号', width: 14, value: (c) => c.customerPhone },
  { header: '客户等级', width: 10, value: (c) => c.gradeName },
  { header: '经销商', width: 22, value: (c) => c.deptName4s },
  { header: '合同号', width: 18, value: (c) => c.contractNo },
  { header: '贷款金额(元)', width: 12, value: (c) => c.loanAmount },
  { header: '逾期天数', width: 8, value: (c) => c.overdueDays },
  { header: '逾期阶段', width: 14, value: (c) => OVERDUE_BUCKETS[c.bucket].zh },
  { header: '逾期金额(元)', width: 12, value: (c) => c.overdueAmount },
  { header: '还款日', width: 6, value: (c) => c.repaymentDay },
  { header: '车牌号', width: 10, value: (c) => c.car?.plateNumber ?? '' },
  { header: '在线设备', width: 8, value: (c) => `${c.onlineDevices}/${c.devices}` },
  { header: '最后上报', width: 20, value: (c) => c.lastReport ?? '' },
  { header: '最后位置', width: 24, value: (c) => c.car?.lastAddress ?? '' },
  { header: '未处理预警', width: 10, value: (c) => c.unhandledCount },
];

export const LOAN_FRAUD_EXPORT_COLUMNS: XlsxColumn<LoanFraudItem>[] = [
  { header: '客户', width: 10, value: (c) => c.customerName },
  { header: '手机号', width: 14, value: (c) => c.customerPhone },
  { header: '身份证号', width: 20, value: (c) => c.idCard },
  { header: '客户等级', width: 10, value: (c) => c.gradeName },
  { header: '经销商', width: 22, value: (c) => c.deptName4s },
  { header: '合同号', width: 18, value: (c) => c.loan?.contractNo ?? '' },
  { header: '标记人', width: 10, value: (c) => c.flaggedBy },
  { header: '标记时间', width: 20, value: (c) => c.flaggedAt },
  { header: '原因', width: 40, value: (c) => c.reason },
  { header: '来自系统提示', width: 10, value: (c) => (c.fromSuggestion ? '是' : '') },
];
