/** One position as any source hands it to the pipeline: WGS-84, epoch ms, km/h. */
export type IncomingPosition = {
  deviceNumber: string;
  gpsTime: number;
  lng: number;
  lat: number;
  speed: number;
  direction: number;
  altitude: number;
  acc: 0 | 1;
  mileageKm?: number | null;
  satellites?: number | null;
  signal?: number | null;
  battery?: number | null;
  /** 1 satellite, 2 cell towers, 3 Wi-Fi. */
  fixType?: 1 | 2 | 3;
  alarmWord?: number;
  statusWord?: number;
  /**
   * JT/T 808 only: ids of the non-standard additional items that are on (a nonzero byte), which a
   * model's alarm mapping may name (light sensor …). Absent: none.
   */
  alarmItems?: number[];
};

export type ItemResult = { status: 'stored' | 'duplicate' | 'rejected'; reason?: string };

/** Fixes from before this are clock faults of the terminal, not history. */
const EARLIEST = Date.UTC(2010, 0, 1);
const MAX_AHEAD_MS = 24 * 3600_000;

/** Why a position cannot be stored (server-behaviour §4), or null when it can. */
export function rejectionOf(p: IncomingPosition, now: number): string | null {
  if (!Number.isFinite(p.lng) || !Number.isFinite(p.lat) || Math.abs(p.lng) > 180 || Math.abs(p.lat) > 90) return '坐标超出范围';
  // Terminals without a fix report 0,0; storing it would draw a line to the Gulf of Guinea.
  if (p.lng === 0 && p.lat === 0) return '未定位';
  if (!Number.isFinite(p.gpsTime) || p.gpsTime < EARLIEST) return '定位时间无效';
  if (p.gpsTime > now + MAX_AHEAD_MS) return '定位时间超前超过24小时';
  if (!Number.isFinite(p.speed) || p.speed < 0 || p.speed > 400) return '速度无效';
  if (!Number.isFinite(p.direction) || p.direction < 0 || p.direction > 360) return '方向无效';
  return null;
}
