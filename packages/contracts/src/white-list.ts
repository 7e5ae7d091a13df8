import { z } from 'zod';
import { PageQuery } from './envelope.js';
import { optionalText, TimeText } from './fields.js';
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
  deptId: z.coerce.number().int().positive().optional(),
  state: z.enum(WhiteListStates, '白名单状态无效').optional(),
});
export type WhiteListQuery = z.infer<typeof WhiteListQuery>;

/** Adds a customer, or changes the expiry and reason of one already listed (one row per customer). */
export const WhiteListSave = z.object({
  customerId: z.number('请选择客户').int('请选择客户').positive('请选择客户'),
  /** Absent or null: no expiry. Must lie in the future (checked against the server's clock). */
  expiresAt: TimeText.nullish(),
  reason: z.string('请输入原因').trim().min(1, '请输入原因').max(WHITE_LIST_REASON_MAX, `原因最多${WHITE_LIST_REASON_MAX}个字符`),
});
export type WhiteListSave = z.infer<typeof WhiteListSave>;

export const WhiteListDelete = z.object({ id: z.coerce.number('白名单编号无效').int('白名单编号无效').positive('白名单编号无效') });
export type WhiteListDelete = z.infer<typeof WhiteListDelete>;

export type WhiteListItem = {
  id: number;
  customerId: number;
  customerName: string;
  /** Masked (138****1234) unless the caller holds `customer:sensitive`. */
  customerPhone: string;
  deptId: number;
  /** The customer's dealer. */
  deptName4s: string;
  reason: string;
  /** Null: no expiry. */
  expiresAt: string | null;
  state: WhiteListState;
  createdBy: string | null;
  createTime: string;
};

/** The add dialog's customer search: by name, phone or plate, within the caller's scope. */
export const WhiteListCustomerQuery = z.object({
  keyword: z.string('请输入客户姓名、手机号或车牌号').trim().min(1, '请输入客户姓名、手机号或车牌号').max(30, '最多30个字符'),
});
export type WhiteListCustomerQuery = z.infer<typeof WhiteListCustomerQuery>;

export type WhiteListCustomer = {
  id: number;
  name: string;
  /** Masked unless the caller holds `customer:sensitive`. */
  phone: string;
  deptName4s: string;
  plateNumbers: string[];
  /** Already listed (active or expired): saving changes that listing. */
  listed: boolean;
};
