import {
  formatTime, parseTime, QUICK_SEARCH_LIMIT, TICKER_LIMIT, TOP_BAR_WINDOW_MS, warningTypeName,
  type DeviceKind, type FeedWarning, type PageResult, type QuickDevice, type QuickSearchResult, type QuickWarning,
  type RiskLevel, type RiskWarningFeedQuery, type WarningCountResult, type WarningTypeCode,
} from '@cvrisk/contracts';
import { phoneFor } from '../../lib/mask.js';
import type { InAppService } from '../push/in-app.js';
import type { SessionUser } from '../session/session-user.js';
import type { FeedRow, QuickDeviceRow, WarningFeedRepository } from './warning-feed.repository.js';

type Caller = Pick<SessionUser, 'scope' | 'permissions' | 'deptId'>;

/** Unhandled warnings of the matched devices read at most this many rows to group. */
const QUICK_WARNING_ROWS = 500;

function toFeed(caller: Caller, r: FeedRow): FeedWarning {
  const type = r.warning_type as WarningTypeCode;
  return {
    id: r.id, warningType: type, warningTypeName: warningTypeName(type), riskLevel: r.risk_level as RiskLevel,
    compound: r.compound === 1, dealStatus: r.deal_status === 1 ? 1 : 0, deviceNumber: r.device_number, plateNumber: r.plate_number,
    carFrameNumber: r.frame_number, customerName: r.customer_name, customerPhone: phoneFor(caller.permissions, r.customer_phone), deptName: r.dept_name,
    warningTime: formatTime(r.warning_time),
  };
}

function toDevice(caller: Caller, r: QuickDeviceRow): QuickDevice {
  return {
    deviceNumber: r.device_number, deviceKind: r.kind as DeviceKind, plateNumber: r.plate_number, carFrameNumber: r.frame_number,
    customerName: r.customer_name, customerPhone: phoneFor(caller.permissions, r.customer_phone),
  };
}

/**
 * The top bar's reads (console-spec §2, §9): unhandled, pushed warnings of the last 3 days in the
 * caller's scope for the ticker and the badge, and the quick search over devices and their warnings.
 */
export function createWarningFeedService(repo: WarningFeedRepository, inApp: Pick<InAppService, 'mutedTypes'>, now: () => number = Date.now) {
  // What is pushed to this reader: not the do-not-push warnings, nor the types their department is not told of in-app.
  const pushedTo = async (caller: Caller) => ({ pushed: true, mutedTypes: await inApp.mutedTypes(caller.deptId) });
  const recent = async (caller: Caller) => ({ dealStatus: 0 as const, from: now() - TOP_BAR_WINDOW_MS, ...(await pushedTo(caller)) });

  return {
    async ticker(caller: Caller): Promise<{ list: FeedWarning[] }> {
      const rows = await repo.page(caller.scope, await recent(caller), 0, TICKER_LIMIT);
      return { list: rows.map((r) => toFeed(caller, r)) };
    },

    async count(caller: Caller): Promise<WarningCountResult> {
      return { allCountStatus0: await repo.count(caller.scope, await recent(caller)) };
    },

    async list(caller: Caller, q: RiskWarningFeedQuery): Promise<PageResult<FeedWarning>> {
      const from = q.beginDate ? parseTime(q.beginDate)! : q.endDate ? undefined : now() - TOP_BAR_WINDOW_MS;
      const filter = { dealStatus: q.dealStatus, from, to: q.endDate ? parseTime(q.endDate)! : undefined, ...(await pushedTo(caller)) };
      const [rows, count] = await Promise.all([
        repo.page(caller.scope, filter, (q.pageNumber - 1) * q.pageSize, q.pageSize),
        repo.count(caller.scope, filter),
      ]);
      return { list: rows.map((r) => toFeed(caller, r)), count };
    },

    /**
     * Devices found by the console's vehicle search (number, plate, frame number, customer name,
     * phone whole or by its last 4+ digits), and the unhandled warnings of those devices grouped by
     * device and type (what the risk-warning list opens with). Each group goes only to holders of its
     * permission.
     */
    async quick(caller: Caller, text: string): Promise<QuickSearchResult> {
      const seesWarnings = caller.permissions.has('warning:view');
      const seesDevices = caller.permissions.has('device:view') || caller.permissions.has('monitor:view');
      if (!seesWarnings && !seesDevices) return { warnList: { list: [] }, devList: { list: [] } };
      const devices = await repo.devicesMatching(caller.scope, text, QUICK_SEARCH_LIMIT);
      const warnings: QuickWarning[] = [];
      if (seesWarnings) {
        const groups = new Map<string, QuickWarning>();
        for (const row of await repo.unhandledOf(caller.scope, devices.map((d) => d.id), QUICK_WARNING_ROWS)) {
          const key = `${row.device_id}:${row.warning_type}`;
          const seen = groups.get(key);
          if (seen) seen.count += 1;
          else {
            const w = toFeed(caller, row);
            groups.set(key, { ...w, count: 1, filters: { deviceNumber: w.deviceNumber, warningType: w.warningType, dealStatus: 0 } });
          }
        }
        warnings.push(...[...groups.values()].slice(0, QUICK_SEARCH_LIMIT));
      }
      return {
        warnList: { list: warnings },
        devList: { list: seesDevices ? devices.slice(0, QUICK_SEARCH_LIMIT).map((d) => toDevice(caller, d)) : [] },
      };
    },
  };
}

export type WarningFeedService = ReturnType<typeof createWarningFeedService>;
