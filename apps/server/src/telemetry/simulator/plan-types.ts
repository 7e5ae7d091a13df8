import type { DeviceKind } from '@cvrisk/contracts';
import type { CarLife } from './car-life.js';
import type { HomeCity, Place } from './cities.js';
import type { Episode } from './episode-types.js';
import type { SourceRiskPoint } from './fleet-source.js';

/**
 * One stop of a car's day: it stays at `place` until `until` (a time) or for `stayMs` after arriving,
 * then drives to the next leg's place. The first leg is where the car spent the night; the last is
 * where it spends the next one.
 */
export type Leg = { place: Place; until?: number; stayMs?: number };

/** A span of time; `to` is Infinity for something that lasts for good. */
export type Span = { from: number; to: number };

/** What episodes do to one device's reports, on top of the car's movements. */
export type DeviceEffects = {
  /** No reports at all: power gone, device removed, no coverage. */
  silences: Span[];
  /** An extra report with alarm bits set (JT/T 808 alarm word). */
  alarms: { at: number; bits: number }[];
  /** The device lies at a place whatever the car does (a wireless tracker left behind). */
  pins: (Span & { place: Place })[];
  /**
   * Out of coverage (an underground yard): the device keeps its fixes and, back in coverage, sends
   * its current position first and the kept ones after it as a blind-area batch. Histories only.
   */
  blindAreas: Span[];
};

export type CarPlan = {
  carId: number;
  dealerId: number;
  financeId: number | null;
  city: HomeCity;
  home: Place;
  /** Null for owners without a regular workplace (retired, self-employed). */
  work: Place | null;
  /** Shops, the dealer, relatives, most visited first. */
  errands: Place[];
  habits: { leaveHour: number; workEndHour: number; eveningOut: number; weekendTrip: number };
  /** Odometer at the start of the plan. */
  odometerKm: number;
  /** Risk points within reach of the city. */
  riskPoints: SourceRiskPoint[];
  /** Days whose legs an episode wrote; every other day follows the routine. */
  scripts: Map<number, Leg[]>;
  devices: PlannedDevice[];
  life: CarLife;
};

export type PlannedDevice = {
  number: string;
  kind: DeviceKind;
  model: string;
  /** Wired terminals speak the 2013 header (12-digit numbers), wireless ones 2019 (15-digit IMEIs). */
  version: 2013 | 2019;
  car: CarPlan;
  installTime: number | null;
  /** Stream key of the device's own random draws. */
  key: number;
  /**
   * Wired: offset of its 15-minute parked reporting grid. Wireless: offset of its four daily
   * report times from midnight.
   */
  phaseMs: number;
  /** Wireless battery: percent used at the plan's start, and per day. */
  battery: { usedAtStart: number; perDay: number };
  effects: DeviceEffects;
};

export type FleetPlan = {
  seed: number;
  /** History starts here; the plan's episodes are placed relative to `end` (the "now" it was made for). */
  start: number;
  end: number;
  cars: CarPlan[];
  devices: PlannedDevice[];
  episodes: Episode[];
  /** Cars left out because the simulator does not know their dealer's city. */
  skippedCars: number;
};
