import type { DeviceDailyTable } from '../../db/schema.js';

/** Every column of a daily row, in the order the SQLite store binds them. */
export const DAILY_COLUMNS = [
  'device_id', 'day', 'mileage_m', 'acc_on_ms', 'acc_on_count', 'fixes', 'max_speed',
  'harsh_acc', 'harsh_brake', 'speeding', 'fatigue', 'drive_ms', 'night_drive_ms', 'night_mileage_m',
  'trips', 'trip_ms', 'trip_m', 'stops', 'stop_ms', 'stops_night', 'stops_morning', 'stops_day', 'stops_evening',
  'offline_move_m', 'offline_moves',
] as const satisfies readonly (keyof DeviceDailyTable)[];

/** The daily columns a later batch adds to (all but the key and the top speed). */
export const DAILY_SUMS = DAILY_COLUMNS.filter((c) => c !== 'device_id' && c !== 'day' && c !== 'max_speed');
