import {
  SCORE_LEVEL_LABELS,
  type CarMileageRow, type DriveBehaviorRow, type IgnitionRow, type MileageRow, type ParkingRow, type ReportCar,
  type TimesParkingRow, type TravelRow, type UbiBehaviorRow, type WeekParkingRow,
} from '@cvrisk/contracts';
import type { XlsxColumn } from '../../lib/xlsx.js';
import { durationText } from '../track/track.kml.js';

const hours = (ms: number) => Math.round(ms / 36_000) / 100;

/** The car every row is about, first in every file. */
const car = <T extends ReportCar>(): XlsxColumn<T>[] => [
  { header: '设备号', width: 18, value: (r) => r.deviceNumber },
  { header: '车牌号', width: 10, value: (r) => r.plateNumber },
  { header: '车架号', width: 19, value: (r) => r.frameNumber },
  { header: '客户', width: 10, value: (r) => r.customerName },
  { header: '经销商', width: 22, value: (r) => r.deptName },
];

const behaviour = <T extends DriveBehaviorRow>(): XlsxColumn<T>[] => [
  { header: '里程(km)', width: 10, value: (r) => r.mileageKm },
  { header: '行驶时长(小时)', width: 12, value: (r) => hours(r.driveMs) },
  { header: '急加速', width: 8, value: (r) => r.harshAcc },
  { header: '急刹车', width: 8, value: (r) => r.harshBrake },
  { header: '超速', width: 8, value: (r) => r.speeding },
  { header: '疲劳驾驶', width: 9, value: (r) => r.fatigue },
  { header: '夜间行驶(小时)', width: 12, value: (r) => hours(r.nightDriveMs) },
  { header: '评分', width: 6, value: (r) => r.score },
];

/** Each report's file: the screen's columns, durations in hours or as `X天X小时X分`. */
export const COLUMNS = {
  parking: [
    ...car<ParkingRow>(),
    { header: '开始时间', width: 20, value: (r) => r.startTime },
    { header: '结束时间', width: 20, value: (r) => (r.ongoing ? `${r.endTime}（仍停留）` : r.endTime) },
    { header: '停车时长', width: 14, value: (r) => durationText(r.durationMs) },
    { header: '经度', width: 11, value: (r) => r.lng },
    { header: '纬度', width: 10, value: (r) => r.lat },
    { header: '位置', width: 28, value: (r) => r.address },
  ] satisfies XlsxColumn<ParkingRow>[],
  weekParking: [
    ...car<WeekParkingRow>(),
    { header: '周（周一）', width: 12, value: (r) => r.week },
    { header: '停车次数', width: 9, value: (r) => r.stops },
    { header: '停车时长(小时)', width: 12, value: (r) => hours(r.stopMs) },
    { header: '夜间停车', width: 9, value: (r) => r.nightStops },
    { header: '上报天数', width: 9, value: (r) => r.days },
  ] satisfies XlsxColumn<WeekParkingRow>[],
  timesParking: [
    ...car<TimesParkingRow>(),
    { header: '夜间(22-06)', width: 11, value: (r) => r.night },
    { header: '早间(06-10)', width: 11, value: (r) => r.morning },
    { header: '日间(10-17)', width: 11, value: (r) => r.day },
    { header: '傍晚(17-22)', width: 11, value: (r) => r.evening },
    { header: '合计', width: 8, value: (r) => r.total },
    { header: '停车时长(小时)', width: 12, value: (r) => hours(r.stopMs) },
  ] satisfies XlsxColumn<TimesParkingRow>[],
  mileage: [
    ...car<MileageRow>(),
    { header: '日期', width: 12, value: (r) => r.day },
    { header: '里程(km)', width: 10, value: (r) => r.mileageKm },
    { header: '行驶时长(小时)', width: 12, value: (r) => hours(r.driveMs) },
    { header: '最高速度(km/h)', width: 12, value: (r) => r.maxSpeed },
    { header: '夜间里程(km)', width: 11, value: (r) => r.nightMileageKm },
    { header: '行程数', width: 8, value: (r) => r.trips },
  ] satisfies XlsxColumn<MileageRow>[],
  driveBehavior: [...car<DriveBehaviorRow>(), ...behaviour<DriveBehaviorRow>()] satisfies XlsxColumn<DriveBehaviorRow>[],
  ubiBehavior: [
    ...car<UbiBehaviorRow>(),
    ...behaviour<UbiBehaviorRow>(),
    { header: '急加速/百公里', width: 12, value: (r) => r.harshAccPer100 },
    { header: '急刹车/百公里', width: 12, value: (r) => r.harshBrakePer100 },
    { header: '超速/百公里', width: 11, value: (r) => r.speedingPer100 },
    { header: '疲劳/百公里', width: 11, value: (r) => r.fatiguePer100 },
    { header: '夜间占比', width: 9, value: (r) => `${Math.round(r.nightShare * 100)}%` },
    { header: '等级', width: 6, value: (r) => (r.level ? SCORE_LEVEL_LABELS[r.level].zh : null) },
  ] satisfies XlsxColumn<UbiBehaviorRow>[],
  carMileage: [
    ...car<CarMileageRow>(),
    { header: '统计周期', width: 12, value: (r) => r.period },
    { header: '里程(km)', width: 10, value: (r) => r.mileageKm },
    { header: '行驶天数', width: 9, value: (r) => r.days },
    { header: '行驶时长(小时)', width: 12, value: (r) => hours(r.driveMs) },
  ] satisfies XlsxColumn<CarMileageRow>[],
  ignition: [
    ...car<IgnitionRow>(),
    { header: '日期', width: 12, value: (r) => r.day },
    { header: '点火次数', width: 9, value: (r) => r.accOnCount },
    { header: 'ACC开时长(小时)', width: 13, value: (r) => hours(r.accOnMs) },
  ] satisfies XlsxColumn<IgnitionRow>[],
  travel: [
    ...car<TravelRow>(),
    { header: '行程数', width: 8, value: (r) => r.trips },
    { header: '行程里程(km)', width: 11, value: (r) => r.distanceKm },
    { header: '行程时长(小时)', width: 12, value: (r) => hours(r.tripMs) },
    { header: '平均速度(km/h)', width: 12, value: (r) => r.avgSpeedKmh },
  ] satisfies XlsxColumn<TravelRow>[],
};
