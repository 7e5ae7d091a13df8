import type { RiskWarningConfig, WarningTypeCode } from '@cvrisk/contracts';

/** One in-order position of a device, as the rules read it (WGS-84, epoch ms, km/h). */
export type Fix = {
  t: number;
  lng: number;
  lat: number;
  speed: number;
  acc: number;
  battery: number | null;
  alarmWord: number;
  /** The mapped alarms the report carried when it was received (position.model_alarms). */
  modelAlarms: number;
};

/** A point in time and space: where and when something was seen. */
export type Seen = { t: number; lng: number; lat: number };

/**
 * A rule's decision that a warning holds. `time` is when it became a warning and is the same every
 * time the rule sees the same occurrence (the same offline spell, the same stay), so re-evaluating
 * after a restart finds the warning already written; `at` is when it was last observed.
 */
export type Fire = {
  type: WarningTypeCode;
  /** Tells places apart for "one unhandled warning per (device, type, place)". */
  placeKey: string;
  time: number;
  at: number;
  lng: number;
  lat: number;
  detail: Record<string, unknown>;
  /**
   * True for a condition seen again and again while it lasts (a stay, a spell outside the province):
   * its refreshes are written at most every few minutes. Events (an alarm, a fence crossing) are
   * always written.
   */
  continuing: boolean;
  /** The device the warning belongs to when not the one whose fix raised it (separation: the wireless one). */
  deviceId?: number;
};

export type Thresholds = RiskWarningConfig;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
