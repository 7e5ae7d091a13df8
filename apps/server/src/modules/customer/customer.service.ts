import {
  CUSTOMER_GRADE_LABELS, CustomerGrades, formatTime, overdueBucketOf, warningTypeName,
  type CarLatest, type CustomerFilters, type CustomerGrade, type CustomerGradeDictItem, type CustomerListItem, type CustomerListQuery,
  type DeviceState, type LoanBrief, type LoanStatus, type OverdueFilters, type OverdueListItem, type OverdueListQuery, type PageResult,
  type TypeCount, type WarningTypeCode,
} from '@cvrisk/contracts';
import { reverseGeocode } from '../../geo/gazetteer.js';
import { countKey, type CountCache } from '../../lib/count-cache.js';
import { maskIdCard, maskPhone } from '../../lib/mask.js';
import { deviceState, heardTime, isOnline } from '../device/device-state.js';
import type { SessionUser } from '../session/session-user.js';
import type { CustomerListRepository, CustomerRow } from './customer-list.repository.js';
import type { PriorityKey } from './overdue-priority.js';

/** The order in which a car's best device state is chosen: the most alive first. */
const STATE_ORDER: readonly DeviceState[] = ['moving', 'parked', 'offline', 'never'];
const yuan = (cents: number | null) => (cents ?? 0) / 100;

type CarDeviceRow = Awaited<ReturnType<CustomerListRepository['carsOf']>>[number];

/** `newestMs`: the newest report of any of the customer's devices (the overdue list's silence). */
type CustomerCars = { car: CarLatest; lastMs: number | null; newestMs: number | null; cars: Set<number>; devices: number; online: number };

/** Each customer's first car, its best device state and freshest place; and how many cars, devices, online. */
function carsByCustomer(rows: CarDeviceRow[], now: number): Map<number, CustomerCars> {
  const out = new Map<number, CustomerCars>();
  for (const r of rows) {
    let entry = out.get(r.customer_id);
    if (!entry) {
      entry = {
        car: { carId: r.car_id, plateNumber: r.plate_number, carFrameNumber: r.frame_number, state: 'never', lastTime: null, lastAddress: null },
        lastMs: null, newestMs: null, cars: new Set(), devices: 0, online: 0,
      };
      out.set(r.customer_id, entry);
    }
    entry.cars.add(r.car_id);
    if (r.kind === null) continue;
    entry.devices++;
    if (isOnline(r.kind, heardTime(r.last_time, r.heard_at), now)) entry.online++;
    if (r.last_time !== null && (entry.newestMs === null || r.last_time > entry.newestMs)) entry.newestMs = r.last_time;
    if (r.car_id !== entry.car.carId) continue;
    const state = deviceState(r.kind, r.last_time, r.heard_at, r.speed, now);
    if (STATE_ORDER.indexOf(state) < STATE_ORDER.indexOf(entry.car.state)) entry.car.state = state;
    if (r.last_time !== null && (entry.lastMs === null || r.last_time > entry.lastMs)) {
      entry.lastMs = r.last_time;
      entry.car.lastTime = formatTime(r.last_time);
      entry.car.lastAddress = r.lng === null || r.lat === null ? null : (reverseGeocode(r.lng, r.lat)?.address ?? null);
    }
  }
  return out;
}

function loanOf(r: CustomerRow): LoanBrief | null {
  if (r.contract_no === null) return null;
  return {
    contractNo: r.contract_no,
    loanStatus: r.loan_status as LoanStatus,
    loanAmount: yuan(r.amount_cents),
    overdueDays: r.overdue_days ?? 0,
    overdueAmount: yuan(r.overdue_amount_cents),
  };
}

/** What the lists reuse for a few seconds (dropped on any change that moves them): totals and the overdue list's ranking keys. */
type Reused = { totals: CountCache; overdueKeys: CountCache<PriorityKey[]> };

export function createCustomerService(repo: CustomerListRepository, reused: Reused, now: () => number = Date.now) {
  const gradeName = (g: string) => CUSTOMER_GRADE_LABELS[g as CustomerGrade]?.zh ?? g;
  // Full phone and identity numbers only for roles trusted with them (server-behaviour §2).
  const masked = (user: SessionUser) => {
    const sensitive = user.permissions.has('customer:sensitive');
    return { phone: (p: string) => (sensitive ? p : maskPhone(p)), idCard: (c: string) => (sensitive ? c : maskIdCard(c)) };
  };

  async function customerItems(user: SessionUser, rows: CustomerRow[]): Promise<CustomerListItem[]> {
    const ids = rows.map((r) => r.id);
    const [types, cars] = await Promise.all([repo.unhandledByType(ids), repo.carsOf(ids)]);
    const byType = new Map<number, TypeCount[]>();
    for (const t of types) {
      const list = byType.get(t.customer_id!) ?? [];
      list.push({ warningType: t.warning_type as WarningTypeCode, warningTypeName: warningTypeName(t.warning_type), count: Number(t.n) });
      byType.set(t.customer_id!, list);
    }
    const carMap = carsByCustomer(cars, now());
    const m = masked(user);
    return rows.map((r) => ({
      customerId: r.id,
      customerName: r.name,
      customerPhone: m.phone(r.phone),
      idCard: m.idCard(r.id_card),
      grade: r.grade as CustomerGrade,
      gradeName: gradeName(r.grade),
      fraud: r.fraud_flag === 1,
      deptId: r.dept_id,
      deptName4s: r.dealer_name,
      deptName: r.finance_name ?? '',
      loan: loanOf(r),
      unhandledCount: Number(r.unhandled_count),
      unhandledByType: byType.get(r.id) ?? [],
      car: carMap.get(r.id)?.car ?? null,
      carCount: carMap.get(r.id)?.cars.size ?? 0,
      createdAt: formatTime(r.created_at),
    }));
  }

  async function overdueItems(user: SessionUser, rows: CustomerRow[]): Promise<OverdueListItem[]> {
    const carMap = carsByCustomer(await repo.carsOf(rows.map((r) => r.id)), now());
    const m = masked(user);
    return rows.map((r) => {
      const cars = carMap.get(r.id);
      return {
        customerId: r.id,
        customerName: r.name,
        customerPhone: m.phone(r.phone),
        grade: r.grade as CustomerGrade,
        gradeName: gradeName(r.grade),
        deptId: r.dept_id,
        deptName4s: r.dealer_name,
        contractNo: r.contract_no ?? '',
        loanAmount: yuan(r.amount_cents),
        overdueDays: r.overdue_days ?? 0,
        bucket: overdueBucketOf(r.overdue_days ?? 0) ?? 'm1',
        overdueAmount: yuan(r.overdue_amount_cents),
        repaymentDay: r.repayment_day ?? 0,
        car: cars?.car ?? null,
        onlineDevices: cars?.online ?? 0,
        devices: cars?.devices ?? 0,
        lastReport: cars?.newestMs ? formatTime(cars.newestMs) : null,
        unhandledCount: Number(r.unhandled_count),
      };
    });
  }

  return {
    gradeDict(): CustomerGradeDictItem[] {
      return CustomerGrades.map((code) => ({ code, name: CUSTOMER_GRADE_LABELS[code].zh, nameEn: CUSTOMER_GRADE_LABELS[code].en }));
    },
    async list(user: SessionUser, q: CustomerListQuery): Promise<PageResult<CustomerListItem>> {
      const { pageNumber, pageSize, ...filters } = q;
      const [rows, count] = await Promise.all([
        repo.customerRows(user.scope, filters, (pageNumber - 1) * pageSize, pageSize),
        reused.totals.get(countKey(user.scope, { list: 'customers', ...filters, sortField: undefined, sortOrder: undefined }), () => repo.customerCount(user.scope, filters)),
      ]);
      return { list: await customerItems(user, rows), count };
    },
    async *exportCustomers(user: SessionUser, f: CustomerFilters): AsyncGenerator<CustomerListItem[]> {
      for await (const rows of repo.customerPages(user.scope, f)) yield customerItems(user, rows);
    },
    async overdue(user: SessionUser, q: OverdueListQuery): Promise<PageResult<OverdueListItem>> {
      const { pageNumber, pageSize, ...filters } = q;
      const at = now();
      const offset = (pageNumber - 1) * pageSize;
      const key = countKey(user.scope, { list: 'overdue', ...filters, sortField: undefined, sortOrder: undefined });
      if (filters.sortField) {
        const [rows, count] = await Promise.all([
          repo.overdueSorted(user.scope, filters, at, offset, pageSize),
          reused.totals.get(key, () => repo.overdueCount(user.scope, filters, at)),
        ]);
        return { list: await overdueItems(user, rows), count };
      }
      // The collectors' order ranks every match: their keys are reused like a total.
      const keys = await reused.overdueKeys.get(key, () => repo.overdueKeys(user.scope, filters, at));
      return { list: await overdueItems(user, await repo.overdueByPriority(user.scope, keys, offset, pageSize)), count: keys.length };
    },
    async *exportOverdue(user: SessionUser, f: OverdueFilters): AsyncGenerator<OverdueListItem[]> {
      for await (const rows of repo.overduePages(user.scope, f, now())) yield overdueItems(user, rows);
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
