import {
  CUSTOMER_GRADE_LABELS, dayKey, formatTime, PORTRAIT_TRIPS, PORTRAIT_WARNINGS, WARNING_TYPE_CODES, warningTypeName,
  type CarUse, type CarWarningItem, type CustomerGrade, type DealStatus, type DeviceKind, type DrivingDay, type LoanStatus,
  type PortraitCustomer, type PortraitTarget, type RiskLevel, type StopItem, type TripItem, type WarningTypeCode, type WarningTypeTally,
} from '@cvrisk/contracts';
import { reverseGeocode } from '../../geo/gazetteer.js';
import { notFound } from '../../lib/errors.js';
import { maskIdCard, maskPhone } from '../../lib/mask.js';
import { deviceState } from '../device/device-state.js';
import { DAY_MS, SHANGHAI_OFFSET_MS } from '../home/home.windows.js';
import type { SessionUser } from '../session/session-user.js';
import type { CustomerDrawRepository } from './customer-draw.repository.js';
import { nightMinutes } from './night-minutes.js';

const addressOf = (lng: number | null, lat: number | null) => (lng === null || lat === null ? null : (reverseGeocode(lng, lat)?.address ?? null));
const round1 = (n: number) => Math.round(n * 10) / 10;
const dayStart = (ms: number) => Math.floor((ms + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
const dayText = (key: number) => `${Math.floor(key / 10000)}-${String(Math.floor(key / 100) % 100).padStart(2, '0')}-${String(key % 100).padStart(2, '0')}`;

type Trip = Awaited<ReturnType<CustomerDrawRepository['trips']>>[number];

/**
 * 用户画像 (server-behaviour §8): every figure from the car's derived data. A car with two devices is
 * counted once: each day takes the device that drove furthest that day, with that device's trips.
 */
export function createCustomerDrawService(repo: CustomerDrawRepository, now: () => number = Date.now) {
  async function carDevices(user: SessionUser, carId: number) {
    const car = await repo.car(user.scope, carId);
    if (!car) throw notFound('车辆不存在');
    const devices = await repo.devicesOf([carId]);
    return { car, devices, ids: devices.map((d) => d.id) };
  }

  /**
   * Per day key: the device that drove furthest, its mileage and max speed; and the day's offline
   * moves as the device that saw most of them (both devices see the same silence).
   */
  async function drivingDays(ids: number[], from: number) {
    const best = new Map<number, { deviceId: number; mileage: number; maxSpeed: number; offlineM: number; offlineMoves: number }>();
    if (ids.length === 0) return { best, trips: [] as Trip[] };
    const [daily, trips] = await Promise.all([repo.daily(ids, dayKey(from)), repo.trips(ids, from)]);
    for (const d of daily) {
      const had = best.get(d.day);
      const offlineM = Math.max(had?.offlineM ?? 0, d.offline_move_m);
      const offlineMoves = Math.max(had?.offlineMoves ?? 0, d.offline_moves);
      if (!had || d.mileage_m > had.mileage) best.set(d.day, { deviceId: d.device_id, mileage: d.mileage_m, maxSpeed: d.max_speed, offlineM, offlineMoves });
      else best.set(d.day, { ...had, offlineM, offlineMoves });
    }
    // A day's trips are the chosen device's; a day without daily figures takes no trips.
    return { best, trips: trips.filter((t) => best.get(dayKey(t.start_time))?.deviceId === t.device_id) };
  }

  async function series(user: SessionUser, carId: number, days: number): Promise<DrivingDay[]> {
    const { ids } = await carDevices(user, carId);
    const from = dayStart(now()) - (days - 1) * DAY_MS;
    const { best, trips } = await drivingDays(ids, from);
    const list: DrivingDay[] = [];
    for (let i = 0; i < days; i++) {
      const key = dayKey(from + i * DAY_MS + 12 * 3600_000);
      const mine = trips.filter((t) => dayKey(t.start_time) === key);
      const b = best.get(key);
      list.push({
        day: dayText(key),
        mileageKm: round1((b?.mileage ?? 0) / 1000),
        drivingMinutes: Math.round(mine.reduce((s, t) => s + (t.end_time - t.start_time), 0) / 60_000),
        trips: mine.length,
        maxSpeed: b?.maxSpeed ?? 0,
        offlineMoveKm: round1((b?.offlineM ?? 0) / 1000),
      });
    }
    return list;
  }

  return {
    async byDevice(user: SessionUser, deviceNumber: string): Promise<PortraitTarget> {
      const r = await repo.deviceCar(user.scope, deviceNumber);
      if (!r) throw notFound('设备不存在或未绑定车辆');
      return { customerId: r.customer_id, carId: r.car_id };
    },

    async warningCounts(user: SessionUser, customerId: number): Promise<WarningTypeTally[]> {
      if (!(await repo.customer(user.scope, customerId))) throw notFound('客户不存在');
      const rows = await repo.warningCounts(customerId);
      return WARNING_TYPE_CODES.map((code) => {
        const mine = rows.filter((r) => r.warning_type === code);
        return {
          warningType: code,
          warningTypeName: warningTypeName(code),
          total: mine.reduce((s, r) => s + Number(r.n), 0),
          unhandled: mine.filter((r) => r.deal_status === 0).reduce((s, r) => s + Number(r.n), 0),
        };
      });
    },

    async customer(user: SessionUser, customerId: number): Promise<PortraitCustomer> {
      const c = await repo.customer(user.scope, customerId);
      if (!c) throw notFound('客户不存在');
      const [loans, cars] = await Promise.all([repo.loans(customerId), repo.carsOf(customerId)]);
      const devices = await repo.devicesOf(cars.map((car) => car.id));
      const sensitive = user.permissions.has('customer:sensitive');
      const at = now();
      return {
        customerId: c.id,
        customerName: c.name,
        customerPhone: sensitive ? c.phone : maskPhone(c.phone),
        idCard: sensitive ? c.id_card : maskIdCard(c.id_card),
        address: c.address,
        grade: c.grade as CustomerGrade,
        gradeName: CUSTOMER_GRADE_LABELS[c.grade as CustomerGrade]?.zh ?? c.grade,
        fraud: c.fraud_flag === 1,
        fraudReason: c.fraud_reason,
        deptId: c.dept_id,
        deptName4s: c.dealer_name,
        deptName: c.finance_name ?? '',
        loans: loans.map((l) => ({
          contractNo: l.contract_no, loanStatus: l.status as LoanStatus, loanAmount: l.amount_cents / 100, termMonths: l.term_months,
          repaymentDay: l.repayment_day, startDate: dayText(l.start_day), overdueDays: l.overdue_days, overdueAmount: l.overdue_amount_cents / 100,
        })),
        cars: cars.map((car) => ({
          carId: car.id, plateNumber: car.plate_number, carFrameNumber: car.frame_number, brandName: car.brand_name, modelName: car.model_name, color: car.color,
          devices: devices.filter((d) => d.car_id === car.id).map((d) => ({
            deviceId: d.id, deviceNumber: d.device_number, kind: d.kind as DeviceKind, state: deviceState(d.kind, d.last_time, d.heard_at, d.speed, at),
            installTime: d.install_time === null ? null : formatTime(d.install_time), lastTime: d.last_time === null ? null : formatTime(d.last_time),
            lng: d.lng, lat: d.lat, address: addressOf(d.lng, d.lat), speed: d.speed, battery: d.battery,
          })),
        })),
        createdAt: formatTime(c.created_at),
      };
    },

    async use(user: SessionUser, carId: number): Promise<CarUse> {
      const { devices, ids } = await carDevices(user, carId);
      const at = now();
      const from30 = dayStart(at) - 29 * DAY_MS;
      const monthKey = Math.floor(dayKey(at) / 100) * 100 + 1;
      const { best, trips } = await drivingDays(ids, from30 < 0 ? 0 : Math.min(from30, dayStart(at) - (dayKey(at) % 100 - 1) * DAY_MS));
      const inMonth = (key: number) => key >= monthKey;
      const in30 = (key: number) => key >= dayKey(from30);
      const monthTrips = trips.filter((t) => inMonth(dayKey(t.start_time)));
      const trips30 = trips.filter((t) => in30(dayKey(t.start_time)));
      const drive30 = trips30.reduce((s, t) => s + (t.end_time - t.start_time), 0);
      const newest = devices.filter((d) => d.last_time !== null).sort((a, b) => b.last_time! - a.last_time!)[0];
      return {
        carId,
        monthMileageKm: round1([...best].filter(([k]) => inMonth(k)).reduce((s, [, b]) => s + b.mileage, 0) / 1000),
        monthDrivingMinutes: Math.round(monthTrips.reduce((s, t) => s + (t.end_time - t.start_time), 0) / 60_000),
        monthTrips: monthTrips.length,
        monthDaysDriven: [...best].filter(([k, b]) => inMonth(k) && b.mileage > 0).length,
        days30MileageKm: round1([...best].filter(([k]) => in30(k)).reduce((s, [, b]) => s + b.mileage, 0) / 1000),
        monthOfflineMoveKm: round1([...best].filter(([k]) => inMonth(k)).reduce((s, [, b]) => s + b.offlineM, 0) / 1000),
        monthOfflineMoves: [...best].filter(([k]) => inMonth(k)).reduce((s, [, b]) => s + b.offlineMoves, 0),
        nightShare: drive30 === 0 ? 0 : Math.round((trips30.reduce((s, t) => s + nightMinutes(t.start_time, t.end_time), 0) * 60_000 / drive30) * 100) / 100,
        maxSpeed: [...best].filter(([k]) => in30(k)).reduce((m, [, b]) => Math.max(m, b.maxSpeed), 0),
        lastTime: newest ? formatTime(newest.last_time!) : null,
        lastAddress: newest ? addressOf(newest.lng, newest.lat) : null,
      };
    },

    async trips(user: SessionUser, carId: number): Promise<TripItem[]> {
      const { devices, ids } = await carDevices(user, carId);
      if (ids.length === 0) return [];
      const numbers = new Map(devices.map((d) => [d.id, d.device_number]));
      // Both devices record the same trips: keep the wired one's where it has any (it reports far more often).
      const [rows, moves] = await Promise.all([repo.newestTrips(ids, PORTRAIT_TRIPS * ids.length), repo.newestOfflineMoves(ids, PORTRAIT_TRIPS * ids.length)]);
      const wiredOf = (of: { device_id: number }[]) => devices.find((d) => d.kind === 1 && of.some((r) => r.device_id === d.id));
      const wired = wiredOf(rows);
      const wiredMoves = wiredOf(moves);
      const items: (TripItem & { at: number })[] = [
        ...rows.filter((r) => !wired || r.device_id === wired.id).map((t) => ({
          kind: 'trip' as const, at: t.start_time,
          startTime: formatTime(t.start_time), endTime: formatTime(t.end_time), minutes: Math.round((t.end_time - t.start_time) / 60_000),
          distanceKm: round1(t.distance_m / 1000), maxSpeed: t.max_speed,
          startAddress: addressOf(t.start_lng, t.start_lat) ?? '', endAddress: addressOf(t.end_lng, t.end_lat) ?? '', deviceNumber: numbers.get(t.device_id) ?? '',
        })),
        ...moves.filter((m) => !wiredMoves || m.device_id === wiredMoves.id).map((m) => ({
          kind: 'offlineMove' as const, at: m.start_time,
          startTime: formatTime(m.start_time), endTime: formatTime(m.end_time), minutes: Math.round((m.end_time - m.start_time) / 60_000),
          distanceKm: round1(m.value / 1000), maxSpeed: 0,
          startAddress: addressOf(m.from_lng, m.from_lat) ?? '', endAddress: addressOf(m.lng, m.lat) ?? '', deviceNumber: numbers.get(m.device_id) ?? '',
        })),
      ];
      return items.sort((a, b) => b.at - a.at).slice(0, PORTRAIT_TRIPS).map(({ at: _at, ...item }) => item);
    },

    async stops7(user: SessionUser, carId: number): Promise<StopItem[]> {
      const { devices, ids } = await carDevices(user, carId);
      if (ids.length === 0) return [];
      const at = now();
      const rows = await repo.stops(ids, dayStart(at) - 6 * DAY_MS);
      const numbers = new Map(devices.map((d) => [d.id, d.device_number]));
      const wired = devices.find((d) => d.kind === 1 && rows.some((r) => r.device_id === d.id));
      return rows.filter((r) => !wired || r.device_id === wired.id).map((s) => ({
        startTime: formatTime(s.start_time), endTime: s.closed === 0 ? null : formatTime(s.end_time),
        minutes: Math.round(((s.closed === 0 ? at : s.end_time) - s.start_time) / 60_000),
        lng: s.lng, lat: s.lat, address: addressOf(s.lng, s.lat) ?? '', deviceNumber: numbers.get(s.device_id) ?? '',
      }));
    },

    driving7: (user: SessionUser, carId: number) => series(user, carId, 7),
    driving30: (user: SessionUser, carId: number) => series(user, carId, 30),

    async warnings(user: SessionUser, carId: number): Promise<CarWarningItem[]> {
      await carDevices(user, carId);
      const rows = await repo.warnings(carId, PORTRAIT_WARNINGS);
      return rows.map((w) => ({
        id: w.id, warningType: w.warning_type as WarningTypeCode, warningTypeName: warningTypeName(w.warning_type), riskLevel: w.risk_level as RiskLevel,
        dealStatus: w.deal_status as DealStatus, compound: w.compound === 1, deviceNumber: w.device_number, warningTime: formatTime(w.warning_time),
        lng: w.lng, lat: w.lat, address: addressOf(w.lng, w.lat),
      }));
    },
  };
}

export type CustomerDrawService = ReturnType<typeof createCustomerDrawService>;
