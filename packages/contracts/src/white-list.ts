import { z } from 'zod';
import { defineCall } from './api/call.js';
import { PageQuery, pageOf } from './envelope.js';
import { id, optional, optionalText, TimeText } from './fields.js';
import type { Label } from './labels.js';

/** A listing is in force until its expiry (none: for good), then it stays listed as expired. */
export const WhiteListStates = ['active', 'expired'] as const;
export type WhiteListState = (typeof WhiteListStates)[number];
export const WHITE_LIST_STATE_LABELS: Record<WhiteListState, Label & { color: string }> = {
  active: { zh: '生效中', en: 'Active', color: 'green' },
  expired: { zh: '已过期', en: 'Expired', color: 'default' },
};

export const WHITE_LIST_REASON_MAX = 100;

export const WhiteListQuery = PageQuery.extend({
  customerName: optionalText(30),
  customerPhone: optionalText(11),
  deptId: optional(id()),
  state: z.enum(WhiteListStates).optional(),
});
export type WhiteListQuery = z.infer<typeof WhiteListQuery>;

/** Adds a customer, or changes the expiry and reason of one already listed (one row per customer). */
export const WhiteListSave = z.object({
  customerId: id(),
  /** Absent or null: no expiry. Must lie in the future (checked against the server's clock). */
  expiresAt: TimeText.nullish(),
  reason: z.string().trim().min(1).max(WHITE_LIST_REASON_MAX),
});
export type WhiteListSave = z.infer<typeof WhiteListSave>;

export const WhiteListDelete = z.object({ id: id() });
export type WhiteListDelete = z.infer<typeof WhiteListDelete>;

export const WhiteListItem = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  /** Masked (138****1234) unless the caller holds `customer:sensitive`. */
  customerPhone: z.string(),
  deptId: z.number(),
  /** The customer's dealer. */
  deptName4s: z.string(),
  reason: z.string(),
  /** Null: no expiry. */
  expiresAt: z.string().nullable(),
  state: z.enum(WhiteListStates),
  createdBy: z.string().nullable(),
  createTime: z.string(),
});
export type WhiteListItem = z.infer<typeof WhiteListItem>;

/** The add dialog's customer search: by name, phone or plate, within the caller's scope. */
export const WhiteListCustomerQuery = z.object({
  keyword: z.string('请输入客户姓名、手机号或车牌号').trim().min(1, '请输入客户姓名、手机号或车牌号').max(30),
});
export type WhiteListCustomerQuery = z.infer<typeof WhiteListCustomerQuery>;

export const WhiteListCustomer = z.object({
  id: z.number(),
  name: z.string(),
  /** Masked unless the caller holds `customer:sensitive`. */
  phone: z.string(),
  deptName4s: z.string(),
  plateNumbers: z.array(z.string()),
  /** Already listed (active or expired): saving changes that listing. */
  listed: z.boolean(),
});
export type WhiteListCustomer = z.infer<typeof WhiteListCustomer>;

const TAG = '预警客户白名单';

/** 预警客户白名单 (server-behaviour §5): anyone with warnings sees it, only config editors change it. */
export const WhiteListCalls = {
  list: defineCall({
    method: 'POST',
    path: '/api/report/whiteList/findList',
    summary: '白名单列表，分页',
    tag: TAG,
    access: 'warning:view',
    body: WhiteListQuery,
    reply: pageOf(WhiteListItem),
  }),
  findCustomer: defineCall({
    method: 'POST',
    path: '/api/report/whiteList/findCustomer',
    summary: '按姓名、手机号或车牌号查找可加入白名单的客户',
    tag: TAG,
    access: 'config:edit',
    body: WhiteListCustomerQuery,
    reply: z.array(WhiteListCustomer),
  }),
  save: defineCall({
    method: 'POST',
    path: '/api/report/whiteList/save',
    summary: '加入白名单，或修改已加入客户的到期时间与原因',
    tag: TAG,
    access: 'config:edit',
    body: WhiteListSave,
    reply: z.null(),
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/report/whiteList/delete',
    summary: '移出白名单',
    tag: TAG,
    access: 'config:edit',
    query: WhiteListDelete,
    reply: z.null(),
  }),
};
