import { z } from 'zod';
import { TimeText } from './fields.js';

/** Header carrying an integration's API key for `POST /api/ingest/positions`. */
export const INGEST_KEY_HEADER = 'x-api-key';
export const INGEST_MAX_ITEMS = 5000;

/** One position pushed by an integration: WGS-84, speed in km/h, time as epoch ms or Asia/Shanghai text. */
export const IngestPosition = z.object({
  deviceNumber: z.string().trim().min(1, '不能为空').max(30),
  gpsTime: z.union([z.number().int().positive(), TimeText]),
  lng: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  speed: z.number().min(0).max(400).default(0),
  direction: z.number().min(0).max(360).default(0),
  altitude: z.number().min(-1000).max(10000).default(0),
  acc: z.union([z.literal(0), z.literal(1)]).default(0),
  mileage: z.number().min(0).optional(),
  satellites: z.number().int().min(0).max(255).optional(),
  signal: z.number().int().min(0).max(255).optional(),
  battery: z.number().int().min(0).max(100).optional(),
  fixType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  alarmWord: z.number().int().min(0).max(0xffffffff).default(0),
  statusWord: z.number().int().min(0).max(0xffffffff).default(0),
});
export type IngestPosition = z.infer<typeof IngestPosition>;

/** The batch is checked as a whole only for shape; each item is checked on its own. */
export const IngestBatch = z.object({
  positions: z.array(z.unknown()).min(1, '至少需要一条位置').max(INGEST_MAX_ITEMS, `每批最多${INGEST_MAX_ITEMS}条`),
});

export type IngestItemResult = { index: number; status: 'stored' | 'duplicate' | 'rejected'; reason?: string };
export type IngestResult = { stored: number; duplicates: number; rejected: number; items: IngestItemResult[] };

export const CreateIntegration = z.object({
  name: z.string().trim().min(1, '请输入名称').max(100),
  /** The department whose devices the integration may report; default the caller's. */
  deptId: z.number().int().positive().optional(),
});
export type CreateIntegration = z.infer<typeof CreateIntegration>;

/** The key is shown once, at creation; only its hash is kept. */
export type IntegrationCreated = { id: number; name: string; deptId: number; apiKey: string };
export type IntegrationItem = { id: number; name: string; deptId: number; deptName: string; createdAt: string };
