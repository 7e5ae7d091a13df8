import type { Anchor } from './rules/long-stay.js';
import type { FenceSides } from './rules/fence.js';
import type { OutsideSpell } from './rules/left-region.js';
import type { LowBatteryState } from './rules/low-battery.js';
import type { NightSample } from './rules/residence-change.js';
import type { PointStay } from './rules/risk-point-stay.js';
import type { ApartSince } from './rules/separation.js';
import { DAY_MS, HOUR_MS, type Seen } from './types.js';

export type DaySample = Seen & { day: number };

/**
 * What the engine remembers of one device between fixes: the rules' spells, and the places it
 * learns. Stored as JSON beside the time of the last fix evaluated, so a restart resumes exactly.
 */
export type DeviceMemory = {
  /** `modelAlarms` is absent in a memory saved before the alarm mapping (read as none). */
  last: (Seen & { alarmWord: number; modelAlarms?: number }) | null;
  anchor: Anchor;
  pointStay: PointStay;
  outside: OutsideSpell;
  lowBatterySince: LowBatteryState;
  fences: FenceSides;
  apartSince: ApartSince;
  /** Overnight places, oldest first. */
  nights: NightSample[];
  /** Weekday daytime places (work), oldest first. */
  days: DaySample[];
  /** The latest fix of the night or working day under way, kept until its window closes. */
  pendingNight: NightSample | null;
  pendingDay: DaySample | null;
  /** Wireless devices: their recent fixes, for the wired device's separation check. Not stored. */
  recent?: Seen[];
  /** When the region was last looked up for a driving car (it is looked up at every standing fix). Not stored. */
  regionCheckedAt?: number;
};

/** Three weeks of nights: the recent week against the two before it. */
const MAX_NIGHTS = 21;
const MAX_DAYS = 15;
/** Enough of a tracker's fixes (four a day) to cover a history upload that sends its days before the wired device's. */
const MAX_RECENT = 80;

export const emptyMemory = (): DeviceMemory => ({
  last: null, anchor: null, pointStay: null, outside: null, lowBatterySince: null, fences: {}, apartSince: null,
  nights: [], days: [], pendingNight: null, pendingDay: null,
});

export function serialiseMemory(m: DeviceMemory): string {
  const { recent: _recent, regionCheckedAt: _checked, ...kept } = m;
  return JSON.stringify(kept);
}

export const parseMemory = (text: string): DeviceMemory => ({ ...emptyMemory(), ...(JSON.parse(text) as Partial<DeviceMemory>) });

const OFFSET_MS = 8 * HOUR_MS;

/**
 * Files the fix into the night (22:00–05:00) or working-day (Mon–Fri 10:00–16:00, Asia/Shanghai)
 * under way. Answers true when a night just closed, the moment to look at the residence again.
 */
export function sample(m: DeviceMemory, fix: Seen): boolean {
  const local = fix.t + OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  const hour = (local - day * DAY_MS) / HOUR_MS;
  const night = hour >= 22 ? day + 1 : hour < 5 ? day : null;
  let closed = false;
  if (m.pendingNight && m.pendingNight.night !== night) {
    push(m.nights, m.pendingNight, MAX_NIGHTS);
    m.pendingNight = null;
    closed = true;
  }
  if (night !== null) m.pendingNight = update(m.pendingNight, fix) ?? { night, t: fix.t, lng: fix.lng, lat: fix.lat };

  const weekday = (day + 4) % 7;
  const working = weekday >= 1 && weekday <= 5 && hour >= 10 && hour < 16 ? day : null;
  if (m.pendingDay && m.pendingDay.day !== working) {
    push(m.days, m.pendingDay, MAX_DAYS);
    m.pendingDay = null;
  }
  if (working !== null) m.pendingDay = update(m.pendingDay, fix) ?? { day: working, t: fix.t, lng: fix.lng, lat: fix.lat };
  return closed;
}

/** The sample under way moved on to this fix (in place: it is the engine's own, written every fix of a night). */
function update<T extends Seen>(pending: T | null, fix: Seen): T | null {
  if (!pending) return null;
  pending.t = fix.t;
  pending.lng = fix.lng;
  pending.lat = fix.lat;
  return pending;
}

function push<T>(list: T[], item: T, max: number): void {
  list.push(item);
  if (list.length > max) list.splice(0, list.length - max);
}

/** Keeps a tracker's fix for its wired partner's separation check. */
export function remember(m: DeviceMemory, fix: Seen): void {
  const recent = (m.recent ??= []);
  push(recent, { t: fix.t, lng: fix.lng, lat: fix.lat }, MAX_RECENT);
}
