import { CASE_SOURCE_LABELS, CASE_STATE_LABELS, type CaseItem } from '@cvrisk/contracts';
import type { XlsxColumn } from '../../lib/xlsx.js';

/** 2天3小时 — how long, as a manager reads a timer. */
export function duration(minutes: number | null): string | null {
  if (minutes === null) return null;
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return d > 0 ? `${d}天${h}小时` : h > 0 ? `${h}小时${m}分` : `${m}分`;
}

export const CASE_EXPORT_COLUMNS: XlsxColumn<CaseItem>[] = [
  { header: '案件编号', width: 20, value: (c) => c.caseNo },
  { header: '状态', width: 10, value: (c) => CASE_STATE_LABELS[c.state].zh },
  { header: '客户', width: 12, value: (c) => c.customerName },
  { header: '车牌号', width: 14, value: (c) => c.cars.map((x) => x.plateNumber ?? '').filter(Boolean).join('、') },
  { header: '车架号', width: 22, value: (c) => c.cars.map((x) => x.frameNumber).join('、') },
  { header: '所属部门', width: 16, value: (c) => c.deptName },
  { header: '金融机构', width: 16, value: (c) => c.financeName },
  { header: '追车公司', width: 16, value: (c) => c.teamName },
  { header: '来源', width: 10, value: (c) => CASE_SOURCE_LABELS[c.source].zh },
  { header: '原因', width: 30, value: (c) => c.reason },
  { header: '逾期天数', width: 10, value: (c) => c.overdueDays },
  { header: '立案人', width: 10, value: (c) => c.openedBy },
  { header: '立案时间', width: 20, value: (c) => c.openedAt },
  { header: '已立案时长', width: 12, value: (c) => duration(c.openMinutes) },
  { header: '首次找到用时', width: 12, value: (c) => duration(c.minutesToFound) },
  { header: '收车用时', width: 12, value: (c) => duration(c.minutesToRecovered) },
  { header: '结案时间', width: 20, value: (c) => c.closedAt },
];
