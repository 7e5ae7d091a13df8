import { z } from 'zod';
import { TimeText } from './fields.js';
import { parseTime } from './time.js';

/** A replay covers at most this long: a month of a wired terminal is about 100,000 fixes. */
export const TRACK_MAX_RANGE_MS = 31 * 24 * 3600_000;

const trackPeriod = {
  deviceNumber: z.string().trim().min(1, '请输入设备号').max(30),
  startTime: TimeText,
  endTime: TimeText,
};

function checkPeriod(q: { startTime: string; endTime: string }, ctx: z.RefinementCtx): void {
  const start = parseTime(q.startTime);
  const end = parseTime(q.endTime);
  if (start === null || end === null) return;
  if (end <= start) ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间须晚于开始时间' });
  else if (end - start > TRACK_MAX_RANGE_MS) ctx.addIssue({ code: 'custom', path: ['endTime'], message: '查询时间跨度不能超过31天' });
}

export const TrackQuery = z.object(trackPeriod).superRefine(checkPeriod);
export type TrackQuery = z.infer<typeof TrackQuery>;

export const TrackExportKinds = ['wired', 'wireless'] as const;
export const TrackExportFormats = ['xlsx', 'kml'] as const;
export type TrackExportFormat = (typeof TrackExportFormats)[number];

/** GET /api/device/trackReplayExport: the replay's period and device, as a spreadsheet or a KML file. */
export const TrackExportQuery = z
  .object({
    ...trackPeriod,
    kind: z.enum(TrackExportKinds, '设备类型只能是 wired 或 wireless'),
    format: z.enum(TrackExportFormats, '导出格式只能是 xlsx 或 kml'),
  })
  .superRefine(checkPeriod);
export type TrackExportQuery = z.infer<typeof TrackExportQuery>;

/** One fix of a replay: WGS-84 as stored, GCJ-02 for AMap. */
export type TrackFix = {
  lng: number;
  lat: number;
  gaodeLng: number;
  gaodeLat: number;
  speed: number;
  direction: number;
  gpsTime: string;
  acc: number;
  /** 1 satellite, 2 cell towers, 3 Wi-Fi. */
  fixType: number;
};

export type TrackStop = {
  startTime: string;
  endTime: string;
  durationMs: number;
  /** False while the car is still standing there. */
  closed: boolean;
  lng: number;
  lat: number;
  gaodeLng: number;
  gaodeLat: number;
  /** From the shipped gazetteer (浙江省杭州市); null where no Chinese city is near. */
  address: string | null;
};

export type TrackResult = { list: TrackFix[]; stops: TrackStop[] };
