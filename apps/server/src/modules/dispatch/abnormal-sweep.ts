import { distanceM, DISPATCH_LIMITS } from '@cvrisk/contracts';
import type { OrderChanges } from './order-changes.js';
import type { OrderDeviceRepository } from './order-device.repository.js';
import type { OrderRepository } from './order.repository.js';
import { AppError } from '../../lib/errors.js';
import { ALL } from '../../lib/scope.js';

/** A terminal powered up while it is being fitted reports before the order is marked installed. */
export const FIRST_REPORT_LEAD_MS = 3600_000;

/**
 * Abnormal install orders (server-behaviour §10), found from the positions the devices really sent:
 * an installed order is abnormal when a fitted device has not reported within the silent time, or
 * first reports farther than 5 km from the order's address. Each device's first report is recorded
 * once; an order is marked once (it leaves "installed"), with every reason, by the server itself.
 */
export function createAbnormalSweep(deps: {
  orders: OrderRepository; devices: OrderDeviceRepository; changes: OrderChanges; now: () => number; silentMs: number;
}) {
  const { orders, devices, changes, now, silentMs } = deps;
  const limitM = DISPATCH_LIMITS.firstReportMaxMetres;
  // 24小时; a test's seconds-long window reads as minutes.
  const silentText = silentMs >= 3600_000 ? `${Math.round((silentMs / 3600_000) * 10) / 10}小时` : `${Math.max(1, Math.round(silentMs / 60_000))}分钟`;

  return {
    /** One pass over the installed orders; answers the ids it marked abnormal. */
    async run(): Promise<number[]> {
      const rows = await devices.awaitingFirstReport();
      const reasons = new Map<number, string[]>();
      const at = now();
      for (const r of rows) {
        const list = reasons.get(r.order_id) ?? [];
        reasons.set(r.order_id, list);
        let metres = r.first_report_m;
        if (r.first_report_at === null) {
          const fix = await devices.firstFix(r.device_id, (r.installed_at ?? at) - FIRST_REPORT_LEAD_MS);
          if (!fix) {
            if (at - (r.installed_at ?? at) >= silentMs) list.push(`设备${r.device_number}安装后${silentText}内未上报`);
            continue;
          }
          metres = r.lng === null || r.lat === null ? null : distanceM(fix.lng, fix.lat, r.lng, r.lat);
          await devices.recordFirstReport(r.order_id, r.device_id, fix.gps_time, metres);
        }
        if (metres !== null && metres > limitM) list.push(`设备${r.device_number}首次上报位置距安装地址${(metres / 1000).toFixed(1)}公里`);
      }
      const marked: number[] = [];
      for (const [orderId, why] of reasons) {
        if (why.length === 0) continue;
        const order = await orders.find(ALL, orderId);
        if (!order || order.state !== 4) continue;
        const reason = why.join('；');
        try {
          await changes.apply(order, 'abnormal', null, { reason, patch: { abnormal_reason: reason } });
          marked.push(orderId);
        } catch (err) {
          // Audited or rejected while this pass ran: the operator's change stands.
          if (!(err instanceof AppError)) throw err;
        }
      }
      return marked;
    },
  };
}

export type AbnormalSweep = ReturnType<typeof createAbnormalSweep>;
