import {
  DEAL_STATUS_LABELS, RISK_LEVEL_LABELS, WARNING_TYPE_CODES, warningTypeName,
  type WarningListItem, type WarningTypeCode,
} from '@cvrisk/contracts';
import type { XlsxColumn } from '../../lib/xlsx.js';

export const WARNING_EXPORT_COLUMNS: XlsxColumn<WarningListItem>[] = [
  { header: '设备号', width: 18, value: (w) => w.deviceNumber },
  { header: '预警类型', width: 16, value: (w) => w.warningTypeName },
  { header: '风险等级', width: 8, value: (w) => RISK_LEVEL_LABELS[w.riskLevel].zh },
  { header: '复合预警', width: 8, value: (w) => (w.compound ? '是' : '否') },
  { header: '处理状态', width: 8, value: (w) => DEAL_STATUS_LABELS[w.dealStatus].zh },
  { header: '预警时间', width: 20, value: (w) => w.warningTime },
  { header: '客户姓名', width: 10, value: (w) => w.customerName },
  { header: '客户手机号', width: 14, value: (w) => w.customerPhone },
  { header: '车牌号', width: 10, value: (w) => w.plateNumber },
  { header: '车架号', width: 20, value: (w) => w.carFrameNumber },
  { header: '经销商', width: 22, value: (w) => w.deptName },
  { header: '处理人', width: 10, value: (w) => w.dealUserName },
  { header: '处理时间', width: 20, value: (w) => w.dealTime },
  { header: '处理内容', width: 30, value: (w) => w.dealDescription },
];

/** One customer's warnings under the export's filters: totals and per type. */
export type CustomerWarningCount = {
  customerName: string;
  customerPhone: string;
  deptName: string;
  total: number;
  unhandled: number;
  byType: Map<WarningTypeCode, number>;
};

export const CUSTOMER_COUNT_COLUMNS: XlsxColumn<CustomerWarningCount>[] = [
  { header: '客户姓名', width: 10, value: (c) => c.customerName },
  { header: '客户手机号', width: 14, value: (c) => c.customerPhone },
  { header: '经销商', width: 22, value: (c) => c.deptName },
  { header: '预警总数', width: 9, value: (c) => c.total },
  { header: '未处理', width: 8, value: (c) => c.unhandled },
  ...WARNING_TYPE_CODES.map((code): XlsxColumn<CustomerWarningCount> => ({ header: warningTypeName(code), width: 12, value: (c) => c.byType.get(code) ?? 0 })),
];
