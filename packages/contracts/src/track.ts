import { z } from 'zod';
import { defineCall } from './api/call.js';
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
    kind: z.enum(TrackExportKinds),
    format: z.enum(TrackExportFormats),
  })
  .superRefine(checkPeriod);
export type TrackExportQuery = z.infer<typeof TrackExportQuery>;

/** One fix of a replay: WGS-84 as stored, GCJ-02 for AMap. */
export const TrackFix = z.object({
  lng: z.number(),
  lat: z.number(),
  gaodeLng: z.number(),
  gaodeLat: z.number(),
  speed: z.number(),
  direction: z.number(),
  gpsTime: z.string(),
  acc: z.number(),
  /** 1 satellite, 2 cell towers, 3 Wi-Fi. */
  fixType: z.number(),
});
export type TrackFix = z.infer<typeof TrackFix>;

export const TrackStop = z.object({
  startTime: z.string(),
  endTime: z.string(),
  durationMs: z.number(),
  /** False while the car is still standing there. */
  closed: z.boolean(),
  lng: z.number(),
  lat: z.number(),
  gaodeLng: z.number(),
  gaodeLat: z.number(),
  /** From the shipped gazetteer (浙江省杭州市); null where no Chinese city is near. */
  address: z.string().nullable(),
});
export type TrackStop = z.infer<typeof TrackStop>;

export const TrackResult = z.object({ list: z.array(TrackFix), stops: z.array(TrackStop) });
export type TrackResult = z.infer<typeof TrackResult>;

const TAG = '轨迹回放';

export const TrackCalls = {
  replayWired: defineCall({
    method: 'GET',
    path: '/api/device/trackReplayWired',
    summary: '有线设备在一段时间内的轨迹与停留点',
    tag: TAG,
    access: 'monitor:view',
    query: TrackQuery,
    reply: TrackResult,
  }),
  replayWireless: defineCall({
    method: 'GET',
    path: '/api/device/trackReplayWireless',
    summary: '无线设备在一段时间内的轨迹与停留点',
    tag: TAG,
    access: 'monitor:view',
    query: TrackQuery,
    reply: TrackResult,
  }),
  replayExport: defineCall({
    method: 'GET',
    path: '/api/device/trackReplayExport',
    summary: '导出轨迹（Excel 或 KML）',
    tag: TAG,
    access: 'monitor:view',
    query: TrackExportQuery,
    reply: { file: 'application/octet-stream' },
  }),
};
