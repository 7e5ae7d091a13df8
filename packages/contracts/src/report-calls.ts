import { z } from 'zod';
import { defineCall, XLSX_FILE } from './api/call.js';
import { pageOf } from './envelope.js';
import type { Permission } from './permissions.js';
import { PageQuery } from './envelope.js';
import { periodWithin, reportQuery, reportShape, ReportSummary } from './report-query.js';
import {
  CarMileageRow, DriveBehaviorRow, IgnitionRow, MileageGranularities, MileageRow, ParkingRow, TimesParkingRow, TravelRow,
  UbiBehaviorRow, WarningStatRow, WeekParkingRow,
} from './report-rows.js';

/** The longest period each granularity of 车辆里程 lists: a day a row, a week a row, a month a row. */
export const CAR_MILEAGE_MAX_DAYS = { day: 31, week: 182, month: 366 } as const;

export const ReportQueries = {
  parking: reportQuery(31, ['startTime', 'duration']),
  weekParking: reportQuery(92, ['week', 'stops', 'stopMs']),
  timesParking: reportQuery(31, ['deviceNumber', 'total', 'night', 'stopMs']),
  mileage: reportQuery(31, ['day', 'mileage', 'driveMs', 'maxSpeed']),
  driveBehavior: reportQuery(92, ['deviceNumber', 'score', 'mileage', 'harshBrake', 'speeding']),
  ignition: reportQuery(31, ['day', 'accOnMs', 'accOnCount']),
  travel: reportQuery(92, ['deviceNumber', 'trips', 'distance', 'tripMs']),
  ubiBehavior: reportQuery(92, ['deviceNumber', 'score', 'mileage']),
  dealerStats: reportQuery(366, ['total', 'per100', 'devices']),
  installerStats: reportQuery(366, ['total', 'per100', 'devices']),
};

const GRANULARITY_WORD = { day: '日', week: '周', month: '月' } as const;

/** 车辆里程 lists a day a row for at most a month, a week a row for half a year, a month a row for a year. */
const carMileagePeriod = (q: { beginDate: string; endDate: string; granularity: keyof typeof CAR_MILEAGE_MAX_DAYS }, ctx: z.RefinementCtx) => {
  const max = CAR_MILEAGE_MAX_DAYS[q.granularity];
  periodWithin(max, `按${GRANULARITY_WORD[q.granularity]}统计时，时间段不能超过${max}天`)(q, ctx);
};
const carMileageShape = { ...reportShape(['period', 'mileage']), granularity: z.enum(MileageGranularities).default('day') };
export const CarMileageListQuery = z.object({ ...carMileageShape, ...PageQuery.shape }).superRefine(carMileagePeriod);
export const CarMileageExportQuery = z.object(carMileageShape).superRefine(carMileagePeriod);

/** One screen's calls: the page, the export (same filters, no paging) and the chart and totals. */
function reportCalls<L extends z.ZodType, E extends z.ZodType, R extends z.ZodType>(path: `/${string}`, title: string, tag: string, access: Permission, q: { List: L; Export: E }, row: R) {
  return {
    list: defineCall({ method: 'POST', path: `${path}/findList`, summary: `${title}（分页）`, tag, access, body: q.List, reply: pageOf(row) }),
    download: defineCall({ method: 'POST', path: `${path}/download`, summary: `导出${title}（.xlsx）`, tag, access, body: q.Export, reply: XLSX_FILE }),
    summary: defineCall({ method: 'POST', path: `${path}/summary`, summary: `${title}的合计与图表`, tag, access, body: q.Export, reply: ReportSummary }),
  };
}

const Q = ReportQueries;
export const ReportCalls = {
  parking: reportCalls('/api/report/parkingReport', '停车报表', '报表中心', 'report:view', Q.parking, ParkingRow),
  weekParking: reportCalls('/api/report/weekParkingReport', '周停车报表', '报表中心', 'report:view', Q.weekParking, WeekParkingRow),
  timesParking: reportCalls('/api/report/timesParkingReport', '时段停车报表', '报表中心', 'report:view', Q.timesParking, TimesParkingRow),
  mileage: reportCalls('/api/report/mileageReport', '里程报表', '报表中心', 'report:view', Q.mileage, MileageRow),
  driveBehavior: reportCalls('/api/report/driveBehavior', '驾驶行为报表', '报表中心', 'report:view', Q.driveBehavior, DriveBehaviorRow),
  carMileage: reportCalls('/api/ubi/carMileage', '车辆里程', 'UBI统计', 'ubi:view', { List: CarMileageListQuery, Export: CarMileageExportQuery }, CarMileageRow),
  ignition: reportCalls('/api/ubi/ignition', '点火统计', 'UBI统计', 'ubi:view', Q.ignition, IgnitionRow),
  travel: reportCalls('/api/ubi/travelStatistics', '出行统计', 'UBI统计', 'ubi:view', Q.travel, TravelRow),
  ubiBehavior: reportCalls('/api/ubi/drivingBehavior', 'UBI驾驶行为', 'UBI统计', 'ubi:view', Q.ubiBehavior, UbiBehaviorRow),
  dealerStats: reportCalls('/api/statistics/dealers', '经销商多维统计', '多维统计', 'report:view', Q.dealerStats, WarningStatRow),
  installerStats: reportCalls('/api/statistics/installers', '安装商多维统计', '多维统计', 'report:view', Q.installerStats, WarningStatRow),
};

export type ReportName = keyof typeof ReportCalls;
export type ReportListQuery<N extends ReportName> = z.output<(typeof ReportCalls)[N]['list']['body']>;
export type ReportExportQuery<N extends ReportName> = z.output<(typeof ReportCalls)[N]['download']['body']>;
