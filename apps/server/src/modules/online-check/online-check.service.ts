import {
  ONLINE_CHECK_BATCH_MAX,
  type DevicePositionItem, type OnlineCheckBatchResult, type OnlineCheckCommand, type OnlineCheckItem, type OnlineCheckPage,
  type OnlineCheckQuery, type OnlineCheckSelection, type OnlineCheckSummary, type PageResult,
} from '@cvrisk/contracts';
import { badInput } from '../../lib/errors.js';
import type { CommandService } from '../command/command.service.js';
import { time, type DeviceService } from '../device/device.service.js';
import type { SessionUser } from '../session/session-user.js';
import type { DeviceSet, OnlineCheckRepository } from './online-check.repository.js';

function toItem(d: DevicePositionItem): OnlineCheckItem {
  const onlineState = d.state === 'moving' || d.state === 'parked' ? 'online' : d.state;
  return {
    id: d.id, deviceNumber: d.deviceNumber, deviceKind: d.deviceKind, plateNumber: d.plateNumber, carFrameNumber: d.carFrameNumber,
    customerName: d.customerName, deptName: d.deptName, lastTime: d.lastTime, address: d.address, onlineState,
  };
}

/** The schema has made sure the chosen mode's field is there. */
function deviceSetOf(s: OnlineCheckSelection): DeviceSet {
  if (s.by === 'numbers') return { kind: 'numbers', numbers: s.deviceNumbers ?? [] };
  if (s.by === 'dealer') return { kind: 'dealer', deptId: s.deptId ?? 0 };
  return { kind: 'all' };
}

export function createOnlineCheckService(repo: OnlineCheckRepository, devices: DeviceService, commands: CommandService, now: () => number = Date.now) {
  /** Pasted numbers split into those the caller may see and the rest, both in pasted order. */
  async function splitKnown(user: SessionUser, set: DeviceSet): Promise<{ found: string[]; notFound: string[] }> {
    if (set.kind !== 'numbers') return { found: [], notFound: [] };
    const known = await repo.known(user.scope, set.numbers);
    return { found: set.numbers.filter((n) => known.has(n)), notFound: set.numbers.filter((n) => !known.has(n)) };
  }

  async function summary(user: SessionUser, set: DeviceSet): Promise<OnlineCheckSummary> {
    const { total, online, never } = await repo.counts(user.scope, set, now());
    const onlineRate = total > 0 ? Math.round((online / total) * 1000) / 10 : 0;
    return { total, online, offline: total - online - never, never, onlineRate };
  }

  /** Pasted numbers keep their order; a dealer or everything comes most recent report first, as the latest-position list. */
  async function page(user: SessionUser, q: OnlineCheckQuery, set: DeviceSet, found: string[]): Promise<PageResult<DevicePositionItem>> {
    if (set.kind !== 'numbers') return devices.latest(user, { pageNumber: q.pageNumber, pageSize: q.pageSize, deptId: set.kind === 'dealer' ? set.deptId : undefined });
    const shown = found.slice((q.pageNumber - 1) * q.pageSize, q.pageNumber * q.pageSize);
    const byNumber = new Map((shown.length ? await devices.byNumbers(user, shown) : []).map((d) => [d.deviceNumber, d]));
    return { list: shown.flatMap((n) => byNumber.get(n) ?? []), count: found.length };
  }

  return {
    async list(user: SessionUser, q: OnlineCheckQuery): Promise<OnlineCheckPage> {
      const set = deviceSetOf(q);
      const { found, notFound } = await splitKnown(user, set);
      const [rows, totals] = await Promise.all([page(user, q, set, found), summary(user, set)]);
      return { list: rows.list.map(toItem), count: rows.count, summary: totals, notFound };
    },

    /**
     * Asks every online device of the selection for its position, through the command module (which
     * stores each command and hands it to the terminal's connection, or leaves it queued for the next).
     */
    async positionQuery(user: SessionUser, selection: OnlineCheckSelection): Promise<OnlineCheckBatchResult> {
      const set = deviceSetOf(selection);
      const { notFound } = await splitKnown(user, set);
      const { total, online } = await repo.counts(user.scope, set, now());
      if (online > ONLINE_CHECK_BATCH_MAX) throw badInput(`在线设备共${online}台，超过单次${ONLINE_CHECK_BATCH_MAX}台的上限，请按经销商或设备号缩小范围`);
      const sent: OnlineCheckCommand[] = [];
      for (const deviceNumber of await repo.onlineNumbers(user.scope, set, now(), ONLINE_CHECK_BATCH_MAX)) {
        const c = await commands.send(user, { deviceNumber, command: 'positionQuery' });
        sent.push({ id: c.id, deviceNumber, state: c.state, reply: c.reply, answeredAt: c.answeredAt, lastTime: null, address: null });
      }
      return { sent: sent.length, skippedOffline: total - sent.length, notFound, commands: sent };
    },

    /** Each command's state; an answered one brings the device's report, which the answer has just stored. */
    async states(user: SessionUser, ids: number[]): Promise<OnlineCheckCommand[]> {
      const rows = await repo.commandStates(user.scope, [...new Set(ids)]);
      const answered = [...new Set(rows.filter((r) => r.state === 'answered').map((r) => r.device_number))];
      const reports = new Map((answered.length ? await devices.byNumbers(user, answered) : []).map((d) => [d.deviceNumber, d]));
      return rows.map((r) => {
        const report = r.state === 'answered' ? reports.get(r.device_number) : undefined;
        return {
          id: r.id, deviceNumber: r.device_number, state: r.state as OnlineCheckCommand['state'], reply: r.reply, answeredAt: time(r.answered_at),
          lastTime: report?.lastTime ?? null, address: report?.address ?? null,
        };
      });
    },
  };
}

export type OnlineCheckService = ReturnType<typeof createOnlineCheckService>;
