import {
  formatTime, parseTime,
  type PageResult, type WhiteListCustomer, type WhiteListItem, type WhiteListQuery, type WhiteListSave,
} from '@cvrisk/contracts';
import { badInput, notFound } from '../../lib/errors.js';
import { phoneFor } from '../../lib/mask.js';
import type { SessionUser } from '../session/session-user.js';
import type { WhiteListRepository, WhiteListRow } from './whitelist.repository.js';

/** The add dialog's search shows this many customers at most. */
export const CUSTOMER_SEARCH_LIMIT = 20;

export function createWhiteListService(repo: WhiteListRepository, now: () => number = Date.now) {

  function toItem(user: SessionUser, r: WhiteListRow, at: number): WhiteListItem {
    return {
      id: r.id,
      customerId: r.customer_id,
      customerName: r.customer_name,
      customerPhone: phoneFor(user.permissions, r.phone),
      deptId: r.dept_id,
      deptName4s: r.dept_name,
      reason: r.reason,
      expiresAt: r.expires_at === null ? null : formatTime(r.expires_at),
      state: r.expires_at === null || r.expires_at > at ? 'active' : 'expired',
      createdBy: r.created_by_name,
      createTime: formatTime(r.created_at),
    };
  }

  return {
    async list(user: SessionUser, q: WhiteListQuery): Promise<PageResult<WhiteListItem>> {
      const at = now();
      const { rows, count } = await repo.page(user.scope, q, at, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      return { list: rows.map((r) => toItem(user, r, at)), count };
    },

    async customers(user: SessionUser, keyword: string): Promise<WhiteListCustomer[]> {
      const hits = await repo.customers(user.scope, keyword, CUSTOMER_SEARCH_LIMIT);
      const plates = await repo.platesOf(hits.map((h) => h.id));
      return hits.map((h) => ({
        id: h.id,
        name: h.name,
        phone: phoneFor(user.permissions, h.phone),
        deptName4s: h.dept_name,
        plateNumbers: plates.filter((p) => p.customer_id === h.id).map((p) => p.plate_number),
        listed: h.listed !== null,
      }));
    },

    /** Lists a customer of the caller's; answers whether the listing is new (false: an existing one was changed). */
    async save(user: SessionUser, input: WhiteListSave): Promise<boolean> {
      const at = now();
      const expiresAt = input.expiresAt ? parseTime(input.expiresAt)! : null;
      if (expiresAt !== null && expiresAt <= at) throw badInput('参数错误：expiresAt 到期时间必须晚于当前时间');
      const customer = await repo.customerInScope(user.scope, input.customerId);
      if (!customer) throw notFound('客户不存在');
      return repo.upsert({ customerId: customer.id, deptId: customer.dept_id, expiresAt, reason: input.reason, userId: user.id, now: at });
    },

    async remove(user: SessionUser, id: number): Promise<void> {
      if (!(await repo.remove(user.scope, id))) throw notFound('白名单记录不存在');
    },
  };
}

export type WhiteListService = ReturnType<typeof createWhiteListService>;
