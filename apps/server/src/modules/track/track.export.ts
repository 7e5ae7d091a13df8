import { FIX_TYPES, formatTime, type TrackExportFormat, type TrackExportQuery } from '@cvrisk/contracts';
import type { XlsxColumn } from '../../lib/xlsx.js';
import type { ExportRow } from './track.service.js';

/** The replay's fixes as spreadsheet rows; coordinates as stored (WGS-84), like the other exports. */
export const TRACK_EXPORT_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: '定位时间', width: 20, value: (r) => formatTime(r.gps_time) },
  { header: '经度', width: 12, value: (r) => r.lng },
  { header: '纬度', width: 12, value: (r) => r.lat },
  { header: '速度(km/h)', width: 10, value: (r) => r.speed },
  { header: '方向', width: 6, value: (r) => r.direction },
  { header: 'ACC', width: 6, value: (r) => (r.acc === 1 ? '开' : '关') },
  { header: '定位方式', width: 10, value: (r) => FIX_TYPES[r.fix_type]?.zh ?? null },
];

const compactDay = (time: string) => time.slice(0, 10).replace(/-/g, '');

/** `轨迹-861234567890123-20261120-20261127.kml`: whose track and which days, at a glance in the downloads. */
export function trackFileName(q: Pick<TrackExportQuery, 'deviceNumber' | 'startTime' | 'endTime'>, format: TrackExportFormat): string {
  return `轨迹-${q.deviceNumber}-${compactDay(q.startTime)}-${compactDay(q.endTime)}.${format}`;
}
