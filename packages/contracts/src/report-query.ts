import { z } from 'zod';
import { PageQuery } from './envelope.js';
import { DYNAMIC_DEFAULT, id, optional, optionalText, TimeText } from './fields.js';
import { dayKey, formatTime, parseTime } from './time.js';

const DAY_MS = 24 * 3600_000;

/** The period a report opens on when none is given: the last 7 days, today included. */
export function defaultReportPeriod(now = Date.now()): { beginDate: string; endDate: string } {
  const today = formatTime(now).slice(0, 10);
  const first = formatTime(parseTime(`${today} 00:00:00`)! - 6 * DAY_MS).slice(0, 10);
  return { beginDate: `${first} 00:00:00`, endDate: `${today} 23:59:59` };
}

/** Whole Asia/Shanghai days a period touches, first and last included. */
export function periodDays(beginDate: string, endDate: string): number {
  const from = parseTime(`${beginDate.slice(0, 10)} 00:00:00`)!;
  const to = parseTime(`${endDate.slice(0, 10)} 00:00:00`)!;
  return Math.round((to - from) / DAY_MS) + 1;
}

/** The YYYYMMDD keys of a period's first and last day (daily figures are kept per day). */
export const periodDayKeys = (q: { beginDate: string; endDate: string }) => ({ from: dayKey(parseTime(q.beginDate)!), to: dayKey(parseTime(q.endDate)!) });

/** Which car: the filters every report shares (console-spec §2 reports). */
export const CarFilters = {
  deptId: optional(id()),
  /** Any part of the number. */
  deviceNumber: optionalText(30),
  plateNumber: optionalText(10),
  frameNumber: optionalText(17),
  customerName: optionalText(30),
};

export const SortOrder = z.enum(['asc', 'desc']);

/** The fields of every report's query: the period (the last 7 days when absent), the car filters and the sort. */
export function reportShape<const S extends readonly [string, ...string[]]>(sortFields: S) {
  return {
    // The default moves with the day: the document says so instead of stating today's date.
    beginDate: TimeText.default(() => defaultReportPeriod().beginDate).meta({ description: '缺省为 6 天前 00:00:00（最近 7 天）', [DYNAMIC_DEFAULT]: true }),
    endDate: TimeText.default(() => defaultReportPeriod().endDate).meta({ description: '缺省为今天 23:59:59', [DYNAMIC_DEFAULT]: true }),
    ...CarFilters,
    sortField: optional(z.enum(sortFields)),
    sortOrder: optional(SortOrder),
  };
}

type Period = { beginDate: string; endDate: string };

/** A `superRefine` for a period of at most `maxDays` days, in order; the issue names the begin (a list drops just that filter). */
export function periodWithin(maxDays: number, message = `统计时间段不能超过${maxDays}天`) {
  return (q: Period, ctx: z.RefinementCtx): void => {
    if (parseTime(q.beginDate)! > parseTime(q.endDate)!) ctx.addIssue({ code: 'custom', path: ['beginDate'], message: '开始时间不能晚于结束时间' });
    else if (periodDays(q.beginDate, q.endDate) > maxDays) ctx.addIssue({ code: 'custom', path: ['beginDate'], message });
  };
}

/** A report's query of at most `maxDays` days: `List` pages, `Export` (and the summary) has no paging. */
export function reportQuery<const S extends readonly [string, ...string[]]>(maxDays: number, sortFields: S) {
  const shape = reportShape(sortFields);
  return {
    List: z.object({ ...shape, ...PageQuery.shape }).superRefine(periodWithin(maxDays)),
    Export: z.object(shape).superRefine(periodWithin(maxDays)),
  };
}

/** The identity of the car a report row is about, and where to open it. */
export const ReportCar = z.object({
  deviceId: z.number(),
  deviceNumber: z.string(),
  plateNumber: z.string().nullable(),
  frameNumber: z.string().nullable(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  /** The dealer the device belongs to. */
  deptName: z.string(),
});
export type ReportCar = z.infer<typeof ReportCar>;

/**
 * What a report's chart and totals show, over every row the filters select (not just the page):
 * `totals` by name, and a chart of `categories` (days, bands, dealers…) × `series`.
 */
export const ReportSummary = z.object({
  totals: z.record(z.string(), z.number()),
  categories: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
});
export type ReportSummary = z.infer<typeof ReportSummary>;
