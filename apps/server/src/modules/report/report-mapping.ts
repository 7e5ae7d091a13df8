import {
  drivingScore, per100, scoreLevel,
  type DriveBehaviorRow, type ReportCar, type TravelRow, type UbiBehaviorRow,
} from '@cvrisk/contracts';
import type { Sums } from './daily.repository.js';
import type { CarColumns } from './report-cars.js';

/** Kilometres to two decimals, as every report shows them. */
export const km = (m: number) => Math.round(m / 10) / 100;
export const round2 = (v: number) => Math.round(v * 100) / 100;

export function carOf(r: CarColumns): ReportCar {
  return {
    deviceId: r.device_id,
    deviceNumber: r.device_number,
    plateNumber: r.plate_number,
    frameNumber: r.frame_number,
    customerId: r.customer_id,
    customerName: r.customer_name,
    deptName: r.dept_name,
  };
}

export const scoreOf = (s: Sums) =>
  drivingScore({ km: s.mileage_m / 1000, harshAcc: s.harsh_acc, harshBrake: s.harsh_brake, speeding: s.speeding, fatigue: s.fatigue, driveMs: s.drive_ms, nightDriveMs: s.night_drive_ms });

export function behaviourOf(r: CarColumns & Sums): DriveBehaviorRow {
  return {
    ...carOf(r),
    mileageKm: km(r.mileage_m),
    driveMs: r.drive_ms,
    harshAcc: r.harsh_acc,
    harshBrake: r.harsh_brake,
    speeding: r.speeding,
    fatigue: r.fatigue,
    nightDriveMs: r.night_drive_ms,
    score: scoreOf(r),
  };
}

export function ubiBehaviourOf(r: CarColumns & Sums): UbiBehaviorRow {
  const b = behaviourOf(r);
  const k = r.mileage_m / 1000;
  return {
    ...b,
    harshAccPer100: round2(per100(r.harsh_acc, k)),
    harshBrakePer100: round2(per100(r.harsh_brake, k)),
    speedingPer100: round2(per100(r.speeding, k)),
    fatiguePer100: round2(per100(r.fatigue, k)),
    nightShare: r.drive_ms > 0 ? round2(r.night_drive_ms / r.drive_ms) : 0,
    level: b.score === null ? null : scoreLevel(b.score),
  };
}

export function travelOf(r: CarColumns & Sums): TravelRow {
  return {
    ...carOf(r),
    trips: r.trips,
    distanceKm: km(r.trip_m),
    tripMs: r.trip_ms,
    avgSpeedKmh: r.trip_ms > 0 ? Math.round((r.trip_m / 1000 / (r.trip_ms / 3600_000)) * 10) / 10 : null,
  };
}

