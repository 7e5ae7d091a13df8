import { z } from 'zod';
import { defineCall } from './api/call.js';
import { id, optional, TimeText } from './fields.js';

/** Header carrying an integration's API key for `POST /api/ingest/positions`. */
export const INGEST_KEY_HEADER = 'x-api-key';
export const INGEST_MAX_ITEMS = 5000;

/** One position pushed by an integration: WGS-84, speed in km/h, time as epoch ms or Asia/Shanghai text. */
export const IngestPosition = z.object({
  deviceNumber: z.string().trim().min(1).max(30),
  gpsTime: z.union([z.number().int().positive(), TimeText]),
  lng: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  speed: z.number().min(0).max(400).default(0),
  direction: z.number().min(0).max(360).default(0),
  altitude: z.number().min(-1000).max(10000).default(0),
  acc: z.literal([0, 1]).default(0),
  mileage: z.number().min(0).optional(),
  satellites: z.number().int().min(0).max(255).optional(),
  signal: z.number().int().min(0).max(255).optional(),
  battery: z.number().int().min(0).max(100).optional(),
  fixType: z.literal([1, 2, 3]).default(1),
  alarmWord: z.number().int().min(0).max(0xffffffff).default(0),
  statusWord: z.number().int().min(0).max(0xffffffff).default(0),
});
export type IngestPosition = z.infer<typeof IngestPosition>;

/** The batch is checked as a whole only for shape; each item is checked on its own. */
export const IngestBatch = z.object({
  positions: z.array(z.unknown()).min(1, '至少需要一条位置').max(INGEST_MAX_ITEMS, `每批最多${INGEST_MAX_ITEMS}条`),
});
export type IngestBatch = z.infer<typeof IngestBatch>;

export const IngestItemResult = z.object({ index: z.number(), status: z.enum(['stored', 'duplicate', 'rejected']), reason: z.string().optional() });
export type IngestItemResult = z.infer<typeof IngestItemResult>;
export const IngestResult = z.object({ stored: z.number(), duplicates: z.number(), rejected: z.number(), items: z.array(IngestItemResult) });
export type IngestResult = z.infer<typeof IngestResult>;

/** A key's name tells the operator what it is for; it is unique among its department's active keys. */
export const INTEGRATION_NAME_MAX = 50;

export const CreateIntegration = z.object({
  name: z.string().trim().min(1, '请输入名称').max(INTEGRATION_NAME_MAX, `最多${INTEGRATION_NAME_MAX}个字符`),
  /** The department whose devices and loans the integration may report; default the caller's. */
  deptId: optional(id()),
});
export type CreateIntegration = z.infer<typeof CreateIntegration>;

/** The key is shown once, at creation; only its hash and last four characters are kept. */
export const IntegrationCreated = z.object({ id: z.number(), name: z.string(), deptId: z.number(), apiKey: z.string(), keyHint: z.string() });
export type IntegrationCreated = z.infer<typeof IntegrationCreated>;

export const INTEGRATION_STATES = ['active', 'revoked'] as const;
export type IntegrationState = (typeof INTEGRATION_STATES)[number];

/** A key as the list shows it: never the key itself, only its last four characters. */
export const IntegrationItem = z.object({
  id: z.number(),
  name: z.string(),
  deptId: z.number(),
  deptName: z.string(),
  createdAt: z.string(),
  /** Null for keys issued before the key screen existed. */
  createdBy: z.string().nullable(),
  keyHint: z.string().nullable(),
  /** Accurate to within a minute: written at most once a minute per key. */
  lastUsedAt: z.string().nullable(),
  state: z.enum(INTEGRATION_STATES),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type IntegrationItem = z.infer<typeof IntegrationItem>;

export const RevokeIntegration = z.object({ id: id() });
export type RevokeIntegration = z.infer<typeof RevokeIntegration>;

const TAG = '位置对接';

export const IngestCalls = {
  /**
   * Public: the integration's key in the `x-api-key` header is its credential. The key is checked
   * before the body (a caller without one learns nothing else), so the route leaves the body to the
   * service, which parses it with this same schema after the key.
   */
  positions: defineCall({
    method: 'POST',
    path: '/api/ingest/positions',
    summary: `对接平台推送位置（请求头 ${INGEST_KEY_HEADER} 携带 API key；每批最多${INGEST_MAX_ITEMS}条，逐条应答）`,
    tag: TAG,
    access: 'public',
    body: IngestBatch,
    reply: IngestResult,
  }),
  createIntegration: defineCall({
    method: 'POST',
    path: '/api/integration/create',
    summary: '新建对接并签发 API key（只在这次应答中出现）',
    tag: TAG,
    access: 'user:admin',
    body: CreateIntegration,
    reply: IntegrationCreated,
  }),
  listIntegrations: defineCall({
    method: 'GET',
    path: '/api/integration/list',
    summary: '可见部门的接口密钥，新建的在前，含已吊销的（不含 key，只有末4位）',
    tag: TAG,
    access: 'user:admin',
    reply: z.array(IntegrationItem),
  }),
  /** A revoked key is refused at once by every call that takes a key, exactly as an unknown key is. */
  revokeIntegration: defineCall({
    method: 'POST',
    path: '/api/integration/revoke',
    summary: '吊销接口密钥（立即失效，不可恢复）',
    tag: TAG,
    access: 'user:admin',
    body: RevokeIntegration,
    reply: IntegrationItem,
  }),
};
