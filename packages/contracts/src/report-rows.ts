import { z } from 'zod';
import { ScoreLevels } from './driving-score.js';
import { ReportCar } from './report-query.js';
import { WarningTypeCode } from './warning.js';

/** 停车报表: one stop (the car stood still 5 minutes or more). */
export const ParkingRow = ReportCar.extend({
  startTime: z.string(),
  /** While the car is still there, the last fix that saw it. */
  endTime: z.string(),
  durationMs: z.number(),
  ongoing: z.boolean(),
  lng: z.number(),
  lat: z.number(),
  address: z.string().nullable(),
});
export type ParkingRow = z.infer<typeof ParkingRow>;

/** 周停车报表: a car's stops in one week (Monday to Sunday). */
export const WeekParkingRow = ReportCar.extend({
  /** The week's Monday, YYYY-MM-DD. */
  week: z.string(),
  stops: z.number(),
  stopMs: z.number(),
  /** Stops begun between 22:00 and 06:00. */
  nightStops: z.number(),
  /** Days of the week the car reported on. */
  days: z.number(),
});
export type WeekParkingRow = z.infer<typeof WeekParkingRow>;

/** 时段停车报表: a car's stops in the period by the band of the hour they began. */
export const TimesParkingRow = ReportCar.extend({
  night: z.number(),
  morning: z.number(),
  day: z.number(),
  evening: z.number(),
  total: z.number(),
  stopMs: z.number(),
});
export type TimesParkingRow = z.infer<typeof TimesParkingRow>;

/** 里程报表: a car's day. */
export const MileageRow = ReportCar.extend({
  /** YYYY-MM-DD. */
  day: z.string(),
  mileageKm: z.number(),
  driveMs: z.number(),
  maxSpeed: z.number(),
  nightMileageKm: z.number(),
  trips: z.number(),
});
export type MileageRow = z.infer<typeof MileageRow>;

/** Counts of driving events and what they are measured against. */
const Behaviour = {
  mileageKm: z.number(),
  driveMs: z.number(),
  harshAcc: z.number(),
  harshBrake: z.number(),
  speeding: z.number(),
  fatigue: z.number(),
  nightDriveMs: z.number(),
  /** 0–100, null under 1 km. */
  score: z.number().nullable(),
};

/** 驾驶行为报表: a car's driving in the period. */
export const DriveBehaviorRow = ReportCar.extend(Behaviour);
export type DriveBehaviorRow = z.infer<typeof DriveBehaviorRow>;

/** UBI 驾驶行为: the same, as rates per 100 km and a level, as an insurer reads it. */
export const UbiBehaviorRow = ReportCar.extend({
  ...Behaviour,
  harshAccPer100: z.number(),
  harshBrakePer100: z.number(),
  speedingPer100: z.number(),
  fatiguePer100: z.number(),
  /** Night driving as a share of driving time, 0–1. */
  nightShare: z.number(),
  level: z.enum(ScoreLevels).nullable(),
});
export type UbiBehaviorRow = z.infer<typeof UbiBehaviorRow>;

export const MileageGranularities = ['day', 'week', 'month'] as const;
export type MileageGranularity = (typeof MileageGranularities)[number];

/** UBI 车辆里程: a car's day, week (from its Monday) or month. */
export const CarMileageRow = ReportCar.extend({
  /** YYYY-MM-DD for a day or week (its Monday), YYYY-MM for a month. */
  period: z.string(),
  mileageKm: z.number(),
  /** Days in the period the car drove. */
  days: z.number(),
  driveMs: z.number(),
});
export type CarMileageRow = z.infer<typeof CarMileageRow>;

/** UBI 点火统计: a car's day of ignition. */
export const IgnitionRow = ReportCar.extend({
  day: z.string(),
  accOnCount: z.number(),
  accOnMs: z.number(),
});
export type IgnitionRow = z.infer<typeof IgnitionRow>;

/** UBI 出行统计: a car's trips in the period. */
export const TravelRow = ReportCar.extend({
  trips: z.number(),
  distanceKm: z.number(),
  tripMs: z.number(),
  /** Distance over time driving on trips, km/h; null without trips. */
  avgSpeedKmh: z.number().nullable(),
});
export type TravelRow = z.infer<typeof TravelRow>;

export const TypeCountCell = z.object({ warningType: WarningTypeCode, count: z.number() });

/** 经销商/安装商多维统计: one department's warnings in the period by type, and per 100 devices. */
export const WarningStatRow = z.object({
  deptId: z.number(),
  deptName: z.string(),
  /** Fitted devices the department has (dealer) or fitted (installer). */
  devices: z.number(),
  byType: z.array(TypeCountCell),
  total: z.number(),
  /** Warnings per 100 devices; null without devices. */
  per100: z.number().nullable(),
});
export type WarningStatRow = z.infer<typeof WarningStatRow>;
