import {
  DEAL_STATUS, dealSuccessMessage, formatTime, WARNING_TYPE_BY_CODE, WARNING_TYPE_CODES, WARNING_QUICK_LIMIT, warningTypeName,
  type CarWarningCount, type DealBatchForm, type DealResult, type DeviceWarningsQuery, type PageResult, type RiskLevel,
  type NextWarning, type TreatForm, type WarningExportQuery, type WarningListItem, type WarningListQuery, type WarningTypeCode, type WarningTypeDictItem,
} from '@cvrisk/contracts';
import { recomputeCustomerGrades } from '../../engine/customer-grade.js';
import type { CustomerGradeRepository } from '../../engine/customer-grade.repository.js';
import { conflict, notFound } from '../../lib/errors.js';
import { phoneFor } from '../../lib/mask.js';
import type { SessionUser } from '../session/session-user.js';
import type { Handled, WarningDealRepository } from './warning-deal.repository.js';
import { countKey, type CountCache } from '../../lib/count-cache.js';
import type { CustomerWarningCount } from './warning.export.js';
import type { WarningRepository, WarningRow } from './warning.repository.js';

export type WarningServiceDeps = {
  list: WarningRepository;
  deal: WarningDealRepository;
  /** Recomputes these customers' grades (the engine's rule). */
  regrade(customerIds: number[], now: number): Promise<void>;
  /** The list's totals, dropped on every handling here and on every new warning (by the module). */
  counts: CountCache;
  /** Tells the live stream, so other users' badges and lists drop the handled warnings. */
  announce(handled: Handled[]): void;
  now?: () => number;
};

/** Full phone numbers only for roles trusted with them (server-behaviour §2). */
export function toItem(r: WarningRow, permissions: ReadonlySet<string>): WarningListItem {
  return {
    id: r.id,
    warningType: r.warning_type as WarningTypeCode,
    warningTypeName: warningTypeName(r.warning_type),
    deviceNumber: r.device_number,
    customerName: r.customer_name,
    customerPhone: phoneFor(permissions, r.phone),
    riskLevel: r.risk_level as RiskLevel,
    dealStatus: r.deal_status === 1 ? 1 : 0,
    warningTime: formatTime(r.warning_time),
    plateNumber: r.plate_number,
    carFrameNumber: r.frame_number,
    carid: r.car_id,
    deptId: r.dept_id,
    deptName: r.dept_name,
    compound: r.compound === 1,
    dealTime: r.deal_time === null ? null : formatTime(r.deal_time),
    dealUserName: r.deal_user_name,
    dealDescription: r.deal_description,
  };
}

export function createWarningService(d: WarningServiceDeps) {
  const now = d.now ?? Date.now;

  /** After a handling: grades of the customers concerned, then the live stream. */
  async function settle(handled: Handled[], at: number): Promise<DealResult & { msg: string }> {
    const customers = handled.map((h) => h.customer_id).filter((c): c is number => c !== null);
    await d.regrade(customers, at);
    d.counts.invalidate();
    d.announce(handled);
    const ids = handled.map((h) => h.id).sort((a, b) => a - b);
    return { ids, count: ids.length, msg: dealSuccessMessage(ids.length) };
  }

  /** The warning the form names, in scope and matching its device and type; 409 when already handled. */
  async function target(user: SessionUser, form: TreatForm) {
    const w = await d.list.findForDeal(user.scope, form.id);
    const stale = w && ((form.warningType !== undefined && form.warningType !== w.warning_type) || (form.deviceNumber !== undefined && form.deviceNumber !== w.device_number));
    if (!w || stale) throw notFound('预警不存在或无权查看');
    return w;
  }

  /** 409 naming who handled the warning and when, from the row as read. */
  function handledBy(w: { deal_user_name: string | null; deal_time: number | null } | undefined): never {
    const who = w?.deal_user_name ?? '其他用户';
    const when = w?.deal_time ? formatTime(w.deal_time) : '';
    throw conflict(`该预警已被${who}于${when}处理，请勿重复处理`);
  }

  async function handleOne(user: SessionUser, ip: string, form: TreatForm, earlier: boolean) {
    const w = await target(user, form);
    if (w.deal_status !== DEAL_STATUS.unhandled) return handledBy(w);
    const at = now();
    const handled = await d.deal.handleOne(user.scope, w, earlier, { user, ip, description: form.dealDescription, at });
    // Another operator committed between our read and our update.
    if (!handled) return handledBy(await d.list.findForDeal(user.scope, w.id));
    return settle(handled, at);
  }

  return {
    typeDict(): WarningTypeDictItem[] {
      return WARNING_TYPE_CODES.map((code) => {
        const t = WARNING_TYPE_BY_CODE[code];
        return { code, name: t.zh, nameEn: t.en, riskLevel: t.level };
      });
    },

    async list(user: SessionUser, q: WarningListQuery): Promise<PageResult<WarningListItem>> {
      const { pageNumber, pageSize, sortField: _field, sortOrder: _order, ...filters } = q;
      const n = await d.list.narrowed(filters);
      const [rows, count] = await Promise.all([
        d.list.page(user.scope, n, q, (pageNumber - 1) * pageSize, pageSize),
        d.counts.get(countKey(user.scope, filters), () => d.list.count(user.scope, n)),
      ]);
      return { list: rows.map((r) => toItem(r, user.permissions)), count };
    },

    async *exportPages(user: SessionUser, q: WarningExportQuery): AsyncGenerator<WarningListItem[]> {
      for await (const rows of d.list.pages(user.scope, q, q)) yield rows.map((r) => toItem(r, user.permissions));
    },

    /** downloadWarningCountCustomer's rows: customers with at least one matching warning, in customer order. */
    async *customerCountPages(user: SessionUser, q: WarningExportQuery): AsyncGenerator<CustomerWarningCount[]> {
      for await (const { people, counts } of d.list.customerPages(user.scope, q)) {
        const byCustomer = new Map<number, CustomerWarningCount>();
        for (const p of people) {
          byCustomer.set(p.id, { customerName: p.name, customerPhone: phoneFor(user.permissions, p.phone), deptName: p.dept_name, total: 0, unhandled: 0, byType: new Map() });
        }
        for (const c of counts) {
          const row = byCustomer.get(c.customerId);
          if (!row) continue;
          row.total += c.total;
          row.unhandled += c.unhandled;
          row.byType.set(c.warningType as WarningTypeCode, c.total);
        }
        yield [...byCustomer.values()].filter((r) => r.total > 0);
      }
    },

    /** unifyDeal: this warning and the device's earlier unhandled ones of its type. */
    unify: (user: SessionUser, ip: string, form: TreatForm) => handleOne(user, ip, form, true),

    /** treatRiskWarning: this warning only. */
    treat: (user: SessionUser, ip: string, form: TreatForm) => handleOne(user, ip, form, false),

    /** unifyDealBatch: all of the chosen warnings, or none. */
    async batch(user: SessionUser, ip: string, form: DealBatchForm) {
      const found = await d.list.findManyForDeal(user.scope, form.ids);
      const missing = form.ids.length - found.length;
      if (missing > 0) throw notFound(`所选预警中有${missing}条不存在或无权查看`);
      const lost = (n: number) => conflict(`所选预警中有${n}条已被处理，本次未处理任何预警，请刷新后重试`);
      const done = found.filter((w) => w.deal_status !== DEAL_STATUS.unhandled).length;
      if (done > 0) throw lost(done);
      const at = now();
      const handled = await d.deal.handleAll(form.ids, { user, ip, description: form.dealDescription, at });
      if (!handled) {
        const again = await d.list.findManyForDeal(user.scope, form.ids);
        throw lost(again.filter((w) => w.deal_status !== DEAL_STATUS.unhandled).length);
      }
      return settle(handled, at);
    },

    async openOfDevice(user: SessionUser, q: DeviceWarningsQuery): Promise<{ list: WarningListItem[] }> {
      const rows = await d.list.openOfDevice(user.scope, q.deviceNumber, q.warningType);
      return { list: rows.map((r) => toItem(r, user.permissions)) };
    },

    /** After handling from the detail page: what to open next (this warning must be in scope). */
    async next(user: SessionUser, id: number): Promise<NextWarning> {
      const w = await d.list.findForDeal(user.scope, id);
      if (!w) throw notFound('预警不存在或无权查看');
      const row = await d.list.nextUnhandled(user.scope, { time: w.warning_time, id: w.id });
      return { entity: row ? toItem(row, user.permissions) : null };
    },

    async countsOfCar(user: SessionUser, carId: number): Promise<CarWarningCount> {
      if (!(await d.list.carInScope(user.scope, carId))) throw notFound('车辆不存在或无权查看');
      const rows = await d.list.countsOfCar(user.scope, carId);
      const byType = new Map(rows.map((r) => [r.warning_type, r]));
      const list = WARNING_TYPE_CODES.map((code) => {
        const r = byType.get(code);
        return { warningType: code, warningTypeName: warningTypeName(code), total: Number(r?.total ?? 0), unhandled: Number(r?.unhandled ?? 0) };
      });
      return { list, total: list.reduce((s, x) => s + x.total, 0), unhandled: list.reduce((s, x) => s + x.unhandled, 0) };
    },

    async quick(user: SessionUser, text: string): Promise<{ list: WarningListItem[] }> {
      const rows = await d.list.quick(user.scope, text, WARNING_QUICK_LIMIT);
      return { list: rows.map((r) => toItem(r, user.permissions)) };
    },
  };
}

export type WarningService = ReturnType<typeof createWarningService>;

/** The production wiring of the grade rule. */
export const regradeWith = (grades: CustomerGradeRepository) => (ids: number[], at: number) => recomputeCustomerGrades(grades, ids, at);
