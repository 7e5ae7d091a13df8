import { z } from 'zod';
import { defineCall } from './api/call.js';
import { PageQuery, pageOf } from './envelope.js';
import { id, optional, optionalText } from './fields.js';
import type { Label } from './labels.js';
import { WARNING_TYPE_CODES, WarningTypeCode, warningTypeField, type WarningEvent } from './warning.js';

/** The warning-push-config screen's calls. */
export const PUSH_PATHS = {
  list: '/api/push/webhook/list',
  save: '/api/push/webhook/save',
  enable: '/api/push/webhook/enable',
  remove: '/api/push/webhook/delete',
  test: '/api/push/webhook/test',
  deliveries: '/api/push/webhook/deliveries',
  inApp: '/api/push/inApp/get',
  inAppSave: '/api/push/inApp/save',
} as const;

/** A webhook POST that takes longer than this counts as failed. */
export const PUSH_TIMEOUT_MS = 5000;
/** Waits before each retry; after the last retry fails the delivery is failed (server-behaviour §5). */
export const PUSH_RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 3_600_000] as const;
export const PUSH_MAX_ATTEMPTS = PUSH_RETRY_DELAYS_MS.length + 1;
/** `sha256=<hex HMAC-SHA256 of the raw body with the webhook's secret>`. */
export const PUSH_SIGNATURE_HEADER = 'X-Cvrisk-Signature';
/** `warning` or `test`. */
export const PUSH_EVENT_HEADER = 'X-Cvrisk-Event';

export const DeliveryStates = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DeliveryStates)[number];
export const DELIVERY_STATE_LABELS: Record<DeliveryState, Label & { color: string }> = {
  pending: { zh: '待发送', en: 'Pending', color: 'processing' },
  delivered: { zh: '已送达', en: 'Delivered', color: 'success' },
  failed: { zh: '失败', en: 'Failed', color: 'error' },
};

/** What a webhook receives for a warning: the live event plus the customer's phone, always masked. */
export type WebhookWarningPayload = WarningEvent & { customerPhone: string | null };
/** What the test button sends. */
export type WebhookTestPayload = { test: true; webhookId: number; webhookName: string; sentAt: string };

/** '*' means every warning type. */
export type WebhookTypes = '*' | WarningTypeCode[];

const warningTypeCode = z.literal(WARNING_TYPE_CODES);

const typeList = z
  .array(warningTypeCode)
  .min(1)
  .transform((v) => [...new Set(v)].sort((a, b) => a - b));

/** '*' or a list of type codes; a bad list reports its own fields rather than "matches neither". */
const warningTypes = z
  .unknown()
  .transform((v, ctx): WebhookTypes => {
    if (v === '*') return '*';
    const r = typeList.safeParse(v);
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  })
  .meta({ description: "'*'（全部预警类型），或预警类型编码的数组（至少一个）" });

const httpUrl = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, '应为 http:// 或 https:// 开头的有效网址');

/** POST save: `id` edits one; a blank secret on edit keeps the stored one. */
export const WebhookSave = z
  .object({
    id: id().optional(),
    /** The department whose warnings (its own and its subtree's) go out; defaults to the caller's. */
    deptId: id().optional(),
    name: z.string().trim().min(1).max(50),
    url: httpUrl,
    warningTypes,
    secret: z.string().trim().max(128).refine((v) => v === '' || v.length >= 16, '至少16个字符').optional(),
    enabled: z.boolean().default(true),
  })
  .refine((v) => v.id !== undefined || (v.secret ?? '') !== '', { message: '新建时不能为空', path: ['secret'] });
export type WebhookSave = z.infer<typeof WebhookSave>;

/** `deptId`: that department's and its subtree's webhooks (a link from 部门管理); it narrows within the caller's scope, never widens it. */
export const WebhookListQuery = PageQuery.extend({ name: optionalText(50), deptId: optional(id()) });
export type WebhookListQuery = z.infer<typeof WebhookListQuery>;

export const WebhookIdBody = z.object({ id: id() });
export type WebhookIdBody = z.infer<typeof WebhookIdBody>;

export const WebhookEnableBody = WebhookIdBody.extend({ enabled: z.boolean() });
export type WebhookEnableBody = z.infer<typeof WebhookEnableBody>;

export const WebhookDeliveryQuery = PageQuery.extend({
  webhookId: optional(id()),
  state: optional(z.enum(DeliveryStates)),
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuery>;

export const WebhookItem = z.object({
  id: z.number(),
  deptId: z.number(),
  deptName: z.string(),
  name: z.string(),
  url: z.string(),
  warningTypes: z.union([z.literal('*'), z.array(warningTypeCode)]),
  enabled: z.boolean(),
  /** Only the last 4 characters: the secret is never sent back. */
  secretHint: z.string(),
  createdBy: z.string().nullable(),
  createTime: z.string(),
});
export type WebhookItem = z.infer<typeof WebhookItem>;

export const WebhookDeliveryItem = z.object({
  id: z.number(),
  webhookId: z.number(),
  webhookName: z.string(),
  /** null for a test delivery. */
  warningId: z.number().nullable(),
  warningTypeName: z.string().nullable(),
  deviceNumber: z.string().nullable(),
  state: z.enum(DeliveryStates),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  createTime: z.string(),
  nextAttemptTime: z.string().nullable(),
  deliveredTime: z.string().nullable(),
});
export type WebhookDeliveryItem = z.infer<typeof WebhookDeliveryItem>;

/**
 * The in-app channel (server-behaviour §5): per department and warning type, whether its users are
 * told of new warnings in the console (live notice, ticker, top-bar count). A department's own choice
 * wins; without one it follows the nearest department above that chose; where none did, it is on.
 */
export const InAppSources = ['own', 'inherited', 'default'] as const;
export type InAppSource = (typeof InAppSources)[number];

/** GET inApp/get?deptId=: the settings of a department in the caller's scope (default their own). */
export const InAppQuery = z.object({ deptId: optional(id()) });
export type InAppQuery = z.infer<typeof InAppQuery>;

export const InAppTypeSetting = z.object({
  warningType: WarningTypeCode,
  warningTypeName: z.string(),
  inApp: z.boolean(),
  source: z.enum(InAppSources),
  /** The department whose choice applies (itself for 'own'); null for 'default'. */
  sourceDeptName: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type InAppTypeSetting = z.infer<typeof InAppTypeSetting>;

export const InAppSettings = z.object({
  deptId: z.number(),
  deptName: z.string(),
  /** The caller may change them (config:edit). */
  editable: z.boolean(),
  list: z.array(InAppTypeSetting),
});
export type InAppSettings = z.infer<typeof InAppSettings>;

/** POST inApp/save: `inApp: null` drops the department's own choice, so it follows the department above again. */
export const InAppSave = z.object({ deptId: id().optional(), warningType: warningTypeField(), inApp: z.boolean().nullable() });
export type InAppSave = z.infer<typeof InAppSave>;

const TAG = '预警推送';

/** The warning-push-config screen: seeing needs warning:view, changing config:edit. */
export const PushCalls = {
  list: defineCall({
    method: 'POST',
    path: PUSH_PATHS.list,
    summary: '推送配置（webhook）列表，分页',
    tag: TAG,
    access: 'warning:view',
    body: WebhookListQuery,
    reply: pageOf(WebhookItem),
  }),
  deliveries: defineCall({
    method: 'POST',
    path: PUSH_PATHS.deliveries,
    summary: '推送记录，分页',
    tag: TAG,
    access: 'warning:view',
    body: WebhookDeliveryQuery,
    reply: pageOf(WebhookDeliveryItem),
  }),
  save: defineCall({
    method: 'POST',
    path: PUSH_PATHS.save,
    summary: '添加或修改推送配置',
    tag: TAG,
    access: 'config:edit',
    body: WebhookSave,
    reply: z.object({ entity: WebhookItem }),
  }),
  enable: defineCall({
    method: 'POST',
    path: PUSH_PATHS.enable,
    summary: '启用或停用推送配置',
    tag: TAG,
    access: 'config:edit',
    body: WebhookEnableBody,
    reply: z.object({ entity: WebhookItem }),
  }),
  remove: defineCall({
    method: 'DELETE',
    path: PUSH_PATHS.remove,
    summary: '删除推送配置',
    tag: TAG,
    access: 'config:edit',
    query: WebhookIdBody,
    reply: z.null(),
  }),
  inApp: defineCall({
    method: 'GET',
    path: PUSH_PATHS.inApp,
    summary: '部门各预警类型的站内推送开关（本部门的选择，或沿用上级的）',
    tag: TAG,
    access: 'warning:view',
    query: InAppQuery,
    reply: InAppSettings,
  }),
  inAppSave: defineCall({
    method: 'POST',
    path: PUSH_PATHS.inAppSave,
    summary: '设置部门某预警类型的站内推送（null 为恢复沿用上级）',
    tag: TAG,
    access: 'config:edit',
    body: InAppSave,
    reply: InAppSettings,
  }),
  test: defineCall({
    method: 'POST',
    path: PUSH_PATHS.test,
    summary: '立即发送一次测试推送，答复其结果',
    tag: TAG,
    access: 'config:edit',
    body: WebhookIdBody,
    reply: z.object({ entity: WebhookDeliveryItem }),
  }),
};
