import {
  CustomerGrades,
  formatTime,
  WARNING_SERIES_DAYS,
  WARNING_TYPE_CODES,
  warningTypeName,
  WEEK_LIST_SIZE,
  type AlarmCountStats,
  type CarCityStats,
  type CarCountStats,
  type CarProvinceStats,
  type CustomerCountStats,
  type CustomerGradeStats,
  type CustomerWarningStats,
  type DeviceOnlineStats,
  type RiskLevel,
  type WarningCountStats,
  type WarningDaySeries,
  type WarningDetailStats,
  type WarningListWeek,
  type WarningTypeCode,
} from '@cvrisk/contracts';
import type { Scope } from '../../lib/scope.js';
import type { CarRepository } from '../car/car.repository.js';
import type { CustomerRepository } from '../customer/customer.repository.js';
import type { DeviceRepository } from '../device/device.repository.js';
import type { HomeRepository, OpenTypeRow } from './home.repository.js';
import { fillDays, lastDays, thisWeek } from './home.windows.js';

export type HomeDeps = { devices: DeviceRepository; cars: CarRepository; customers: CustomerRepository; home: HomeRepository; now?: () => number };

/** Every warning type, in the table's order, with its open figures (zero when it has none). */
function perType<T>(rows: readonly OpenTypeRow[], map: (code: WarningTypeCode, name: string, row: OpenTypeRow | undefined) => T): T[] {
  const byType = new Map(rows.map((r) => [r.warningType, r]));
  return WARNING_TYPE_CODES.map((code) => map(code, warningTypeName(code), byType.get(code)));
}

/** Home-page figures of the caller's scope; days and weeks are Asia/Shanghai ones. */
export function createHomeService(deps: HomeDeps) {
  const now = deps.now ?? Date.now;
  const series = async (scope: Scope, days: number): Promise<WarningDaySeries> => {
    const window = lastDays(now(), days);
    return { list: fillDays(window, await deps.home.byDayAndLevel(scope, window)) };
  };
  return {
    async deviceOnline(scope: Scope): Promise<DeviceOnlineStats> {
      const c = await deps.devices.countByState(scope, now());
      const online = c.moving + c.parked;
      return { total: online + c.offline + c.never, online, offline: c.offline, never: c.never, wired: c.wired, wireless: c.wireless };
    },
    customerCount: (scope: Scope): Promise<CustomerCountStats> => deps.customers.counts(scope),
    async carCount(scope: Scope): Promise<CarCountStats> {
      return { count: await deps.cars.count(scope) };
    },
    async customerGrade(scope: Scope): Promise<CustomerGradeStats> {
      const counts = await deps.home.customerGrades(scope);
      return Object.fromEntries(CustomerGrades.map((g) => [g, counts.get(g) ?? 0])) as CustomerGradeStats;
    },
    alarmCount(scope: Scope): Promise<AlarmCountStats> {
      const t = now();
      return deps.home.alarmCounts(scope, lastDays(t, 1), lastDays(t, WARNING_SERIES_DAYS.week));
    },
    warningCount: (scope: Scope): Promise<WarningCountStats> => deps.home.warningCounts(scope, lastDays(now(), 1)),
    warningCount7day: (scope: Scope) => series(scope, WARNING_SERIES_DAYS.week),
    warningCount30day: (scope: Scope) => series(scope, WARNING_SERIES_DAYS.month),
    async customerWarningStatistics(scope: Scope): Promise<CustomerWarningStats> {
      const rows = await deps.home.openByType(scope);
      return { list: perType(rows, (warningType, warningTypeName, r) => ({ warningType, warningTypeName, count: r?.count ?? 0, customers: r?.customers ?? 0 })) };
    },
    async warningDetails(scope: Scope): Promise<WarningDetailStats> {
      const rows = await deps.home.openByType(scope);
      return {
        list: perType(rows, (warningType, warningTypeName, r) => ({
          warningType,
          warningTypeName,
          unhandled: r?.count ?? 0,
          high: r?.high ?? 0,
          latestTime: r ? formatTime(r.latest) : null,
        })),
      };
    },
    async warningListWeek(scope: Scope): Promise<WarningListWeek> {
      const { count, rows } = await deps.home.weekList(scope, thisWeek(now()), WEEK_LIST_SIZE);
      return {
        count,
        list: rows.map((r) => ({
          id: r.id,
          warningType: r.warningType as WarningTypeCode,
          warningTypeName: warningTypeName(r.warningType),
          deviceNumber: r.deviceNumber,
          customerName: r.customerName,
          riskLevel: r.riskLevel as RiskLevel,
          dealStatus: r.dealStatus === 0 ? 0 : 1,
          warningTime: formatTime(r.warningTime),
        })),
      };
    },
    carProvinceCount: async (scope: Scope): Promise<CarProvinceStats> => ({ list: await deps.home.carsByProvince(scope) }),
    carCityCount: async (scope: Scope, province: string): Promise<CarCityStats> => ({ list: await deps.home.carsByCity(scope, province) }),
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
