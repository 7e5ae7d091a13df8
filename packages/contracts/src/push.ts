import { z } from 'zod';
import { PageQuery } from './envelope.js';
import { optionalText } from './fields.js';
import type { Label } from './labels.js';
import { WARNING_TYPE_CODES, type WarningEvent, type WarningTypeCode } from './warning.js';

/** The warning-push-config screen's calls. */
export const PUSH_PATHS = {
  list: '/api/push/webhook/list',
  save: '/api/push/webhook/save',
  enable: '/api/push/webhook/enable',
  remove: '/api/push/webhook/delete',
  test: '/api/push/webhook/test',
  deliveries: '/api/push/webhook/deliveries',
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

const typeList = z
  .array(z.number('预警类型无效').int('预警类型无效').refine((v) => (WARNING_TYPE_CODES as number[]).includes(v), '预警类型无效'), '请选择预警类型')
  .min(1, '请至少选择一种预警类型')
  .transform((v) => [...new Set(v)].sort((a, b) => a - b) as WarningTypeCode[]);

/** '*' or a list of type codes; a bad list reports its own fields rather than "matches neither". */
const warningTypes = z.unknown().transform((v, ctx): WebhookTypes => {
  if (v === '*') return '*';
  const r = typeList.safeParse(v);
  if (r.success) return r.data;
  for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

const httpUrl = z
  .string('请输入推送地址')
  .trim()
  .min(1, '请输入推送地址')
  .max(500, '推送地址最多500个字符')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, '推送地址必须是 http:// 或 https:// 开头的有效网址');

/** POST save: `id` edits one; a blank secret on edit keeps the stored one. */
export const WebhookSave = z
  .object({
    id: z.number().int().positive().optional(),
    /** The department whose warnings (its own and its subtree's) go out; defaults to the caller's. */
    deptId: z.number().int().positive().optional(),
    name: z.string('请输入名称').trim().min(1, '请输入名称').max(50, '名称最多50个字符'),
    url: httpUrl,
    warningTypes,
    secret: z.string().trim().max(128, '签名密钥最多128个字符').refine((v) => v === '' || v.length >= 16, '签名密钥至少16个字符').optional(),
    enabled: z.boolean().default(true),
  })
  .refine((v) => v.id !== undefined || (v.secret ?? '') !== '', { message: '请输入签名密钥', path: ['secret'] });
export type WebhookSave = z.infer<typeof WebhookSave>;

export const WebhookListQuery = PageQuery.extend({ name: optionalText(50) });
export type WebhookListQuery = z.infer<typeof WebhookListQuery>;

export const WebhookIdBody = z.object({ id: z.coerce.number('id必须是数字').int('id必须是整数').positive('id无效') });
export type WebhookIdBody = z.infer<typeof WebhookIdBody>;

export const WebhookEnableBody = WebhookIdBody.extend({ enabled: z.boolean('enabled必须是true或false') });
export type WebhookEnableBody = z.infer<typeof WebhookEnableBody>;

export const WebhookDeliveryQuery = PageQuery.extend({
  webhookId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive('webhookId无效').optional()),
  state: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(DeliveryStates, '发送状态无效').optional()),
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuery>;

export type WebhookItem = {
  id: number;
  deptId: number;
  deptName: string;
  name: string;
  url: string;
  warningTypes: WebhookTypes;
  enabled: boolean;
  /** Only the last 4 characters: the secret is never sent back. */
  secretHint: string;
  createdBy: string | null;
  createTime: string;
};

export type WebhookDeliveryItem = {
  id: number;
  webhookId: number;
  webhookName: string;
  /** null for a test delivery. */
  warningId: number | null;
  warningTypeName: string | null;
  deviceNumber: string | null;
  state: DeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createTime: string;
  nextAttemptTime: string | null;
  deliveredTime: string | null;
};
