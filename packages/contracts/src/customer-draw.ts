import { z } from 'zod';
import { defineCall } from './api/call.js';
import { id } from './fields.js';
import { CustomerGrades, DeviceKinds, DeviceStates, LoanStatuses } from './labels.js';
import { DealStatus, RiskLevel, WarningTypeCode } from './warning.js';

/**
 * 用户画像 (the hidden userPortrait route): one customer, their loan, cars and devices, and how each
 * car was used. Every figure is derived from the car's positions (server-behaviour §8): trips and
 * stops as the pipeline keeps them, daily mileage from the device's daily figures. A car with a wired
 * and a wireless device is counted once: each day takes the device that drove furthest.
 */

export const CustomerIdQuery = z.object({ customerid: id() });
export type CustomerIdQuery = z.infer<typeof CustomerIdQuery>;
export const CarIdQuery = z.object({ carid: id() });
export type CarIdQuery = z.infer<typeof CarIdQuery>;
export const DeviceNumberQuery = z.object({ deviceNumber: z.string().trim().min(1, '请输入设备号').max(32, '最多32个字符') });
export type DeviceNumberQuery = z.infer<typeof DeviceNumberQuery>;

/** How many of the car's trips and warnings the portrait lists. */
export const PORTRAIT_TRIPS = 20;
export const PORTRAIT_WARNINGS = 50;

export const PortraitDevice = z.object({
  deviceId: z.number(),
  deviceNumber: z.string(),
  /** 1 wired, 2 wireless. */
  kind: z.literal(DeviceKinds),
  state: z.enum(DeviceStates),
  installTime: z.string().nullable(),
  lastTime: z.string().nullable(),
  /** WGS-84; null before the first fix. */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  address: z.string().nullable(),
  speed: z.number().nullable(),
  battery: z.number().nullable(),
});
export type PortraitDevice = z.infer<typeof PortraitDevice>;

export const PortraitCar = z.object({
  carId: z.number(),
  plateNumber: z.string(),
  carFrameNumber: z.string(),
  brandName: z.string(),
  modelName: z.string(),
  color: z.string(),
  devices: z.array(PortraitDevice),
});
export type PortraitCar = z.infer<typeof PortraitCar>;

export const PortraitLoan = z.object({
  contractNo: z.string(),
  loanStatus: z.enum(LoanStatuses),
  loanAmount: z.number(),
  termMonths: z.number(),
  repaymentDay: z.number(),
  /** YYYY-MM-DD. */
  startDate: z.string(),
  overdueDays: z.number(),
  overdueAmount: z.number(),
});
export type PortraitLoan = z.infer<typeof PortraitLoan>;

/** getCustomerByid: the customer, their loans (newest first) and cars with devices. */
export const PortraitCustomer = z.object({
  customerId: z.number(),
  customerName: z.string(),
  /** Masked unless the caller holds customer:sensitive; so is idCard. */
  customerPhone: z.string(),
  idCard: z.string(),
  address: z.string(),
  grade: z.enum(CustomerGrades),
  gradeName: z.string(),
  fraud: z.boolean(),
  fraudReason: z.string().nullable(),
  deptId: z.number(),
  deptName4s: z.string(),
  deptName: z.string(),
  loans: z.array(PortraitLoan),
  cars: z.array(PortraitCar),
  createdAt: z.string(),
});
export type PortraitCustomer = z.infer<typeof PortraitCustomer>;

/** getUseCarByDeviceNumber: whose car a device is on, so any screen naming a device can open the portrait. */
export const PortraitTarget = z.object({ customerId: z.number(), carId: z.number() });
export type PortraitTarget = z.infer<typeof PortraitTarget>;

/** findWarningCountList: the customer's warnings by type, all time and unhandled. */
export const WarningCountBody = z.object({ customerid: id() });
export type WarningCountBody = z.infer<typeof WarningCountBody>;
export const WarningTypeTally = z.object({ warningType: WarningTypeCode, warningTypeName: z.string(), total: z.number(), unhandled: z.number() });
export type WarningTypeTally = z.infer<typeof WarningTypeTally>;

/** getUseCarByCarid: this month's use (from the 1st, Asia/Shanghai) and the last 30 days'. */
export const CarUse = z.object({
  carId: z.number(),
  monthMileageKm: z.number(),
  monthDrivingMinutes: z.number(),
  monthTrips: z.number(),
  /** Days of the month on which the car drove at all. */
  monthDaysDriven: z.number(),
  days30MileageKm: z.number(),
  /** Distance across silences the car came out of elsewhere this month (离线期间位移): not mileage. */
  monthOfflineMoveKm: z.number(),
  monthOfflineMoves: z.number(),
  /** Share of the last 30 days' driving time between 22:00 and 05:00, 0–1. */
  nightShare: z.number(),
  maxSpeed: z.number(),
  /** The newest report of any device, and where. */
  lastTime: z.string().nullable(),
  lastAddress: z.string().nullable(),
});
export type CarUse = z.infer<typeof CarUse>;

/**
 * What the car did between two places: a trip, or an offline move (离线期间位移) — it went silent
 * for longer than a few minutes and reappeared elsewhere; `minutes` is then the silence and
 * distanceKm the straight line, never counted as mileage.
 */
export const TRIP_KINDS = ['trip', 'offlineMove'] as const;
export type TripKind = (typeof TRIP_KINDS)[number];

/** getDrivingByCarid: the car's newest trips and offline moves, newest first. */
export const TripItem = z.object({
  kind: z.enum(TRIP_KINDS),
  startTime: z.string(),
  endTime: z.string(),
  minutes: z.number(),
  distanceKm: z.number(),
  maxSpeed: z.number(),
  startAddress: z.string(),
  endAddress: z.string(),
  /** The device whose track it is, for a link to the track at that time. */
  deviceNumber: z.string(),
});
export type TripItem = z.infer<typeof TripItem>;

/** One day of getDriving7dayByCarid / getDriving30dayByCarid, oldest first, every day present. */
export const DrivingDay = z.object({
  /** YYYY-MM-DD. */
  day: z.string(),
  mileageKm: z.number(),
  drivingMinutes: z.number(),
  trips: z.number(),
  maxSpeed: z.number(),
  /** 离线期间位移: distance across silences, shown apart from mileage. */
  offlineMoveKm: z.number(),
});
export type DrivingDay = z.infer<typeof DrivingDay>;

/** getStop7dayByCarid: the stops of the last 7 days, newest first (a stop still going has no end). */
export const StopItem = z.object({
  startTime: z.string(),
  endTime: z.string().nullable(),
  minutes: z.number(),
  lng: z.number(),
  lat: z.number(),
  address: z.string(),
  deviceNumber: z.string(),
});
export type StopItem = z.infer<typeof StopItem>;

/** getWarningByCarid: the car's newest warnings. */
export const CarWarningItem = z.object({
  id: z.number(),
  warningType: WarningTypeCode,
  warningTypeName: z.string(),
  riskLevel: RiskLevel,
  dealStatus: DealStatus,
  compound: z.boolean(),
  deviceNumber: z.string(),
  warningTime: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  address: z.string().nullable(),
});
export type CarWarningItem = z.infer<typeof CarWarningItem>;

const TAG = '用户画像';
const byCar = <R extends z.ZodType>(path: `/${string}`, summary: string, reply: R) =>
  defineCall({ method: 'GET', path, summary, tag: TAG, access: 'customer:view', query: CarIdQuery, reply });

export const CustomerDrawCalls = {
  byDevice: defineCall({
    method: 'GET',
    path: '/api/customerDraw/getUseCarByDeviceNumber',
    summary: '设备所在车辆及其客户（打开用户画像）',
    tag: TAG,
    access: 'customer:view',
    query: DeviceNumberQuery,
    reply: PortraitTarget,
  }),
  warningCounts: defineCall({
    method: 'POST',
    path: '/api/customerDraw/findWarningCountList',
    summary: '客户各类预警数（全部与未处理）',
    tag: TAG,
    access: 'customer:view',
    body: WarningCountBody,
    reply: z.array(WarningTypeTally),
  }),
  customer: defineCall({
    method: 'GET',
    path: '/api/customerDraw/getCustomerByid',
    summary: '客户、贷款、车辆与设备最新状态',
    tag: TAG,
    access: 'customer:view',
    query: CustomerIdQuery,
    reply: PortraitCustomer,
  }),
  use: byCar('/api/customerDraw/getUseCarByCarid', '车辆本月与近30天用车概况', CarUse),
  trips: byCar('/api/customerDraw/getDrivingByCarid', `车辆最近${PORTRAIT_TRIPS}次行程与离线期间位移`, z.array(TripItem)),
  stops7: byCar('/api/customerDraw/getStop7dayByCarid', '车辆近7天停留', z.array(StopItem)),
  driving30: byCar('/api/customerDraw/getDriving30dayByCarid', '车辆近30天逐日行驶', z.array(DrivingDay)),
  driving7: byCar('/api/customerDraw/getDriving7dayByCarid', '车辆近7天逐日行驶', z.array(DrivingDay)),
  warnings: byCar('/api/customerDraw/getWarningByCarid', `车辆最近${PORTRAIT_WARNINGS}条预警`, z.array(CarWarningItem)),
};
