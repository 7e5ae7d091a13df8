import { z } from 'zod';
import { pastedNumbers } from './device.js';
import { PageQuery, pageOf } from './envelope.js';
import { decimal, id, int, optional, optionalText, TimeText, timeRangeInOrder } from './fields.js';
import type { Label } from './labels.js';

/**
 * Dispatch orders (派单, server-behaviour §10): an install or maintenance order raised for a car,
 * sent to an installer company of the car's finance institution, worked by it and audited.
 */

/** 1 pending dispatch → 2 dispatched → 3 accepted → 4 installed (awaiting audit) → 5 completed; 6 abnormal; 7 revoked. */
export const OrderState = { pending: 1, dispatched: 2, accepted: 3, installed: 4, completed: 5, abnormal: 6, revoked: 7 } as const;
export const OrderStates = [1, 2, 3, 4, 5, 6, 7] as const;
export type OrderState = (typeof OrderStates)[number];
export const ORDER_STATE_LABELS: Record<OrderState, Label> = {
  1: { zh: '待派单', en: 'Pending dispatch' },
  2: { zh: '已派单', en: 'Dispatched' },
  3: { zh: '已接单', en: 'Accepted' },
  4: { zh: '已安装待审核', en: 'Installed – awaiting audit' },
  5: { zh: '已完成', en: 'Completed' },
  6: { zh: '异常', en: 'Abnormal' },
  7: { zh: '已撤销', en: 'Revoked' },
};

export const OrderTypes = [1, 2] as const;
export type OrderType = (typeof OrderTypes)[number];
export const ORDER_TYPE_LABELS: Record<OrderType, Label> = {
  1: { zh: '安装单', en: 'Install' },
  2: { zh: '维修单', en: 'Maintenance' },
};

export const DeviceSources = [1, 2] as const;
export type DeviceSource = (typeof DeviceSources)[number];
export const DEVICE_SOURCE_LABELS: Record<DeviceSource, Label> = {
  1: { zh: '带货安装', en: 'Installer brings goods' },
  2: { zh: '到店安装', en: 'Install at shop' },
};

/** What happened to an order, one history entry each. */
export const OrderActions = ['create', 'dispatch', 'redispatch', 'accept', 'upload', 'devices', 'install', 'abnormal', 'pass', 'reject', 'revoke'] as const;
export type OrderAction = (typeof OrderActions)[number];
export const ORDER_ACTION_LABELS: Record<OrderAction, Label> = {
  create: { zh: '创建订单', en: 'Created' },
  dispatch: { zh: '派单', en: 'Dispatched' },
  redispatch: { zh: '改派', en: 'Re-dispatched' },
  accept: { zh: '接单', en: 'Accepted' },
  upload: { zh: '上传文件', en: 'File uploaded' },
  devices: { zh: '登记设备', en: 'Devices entered' },
  install: { zh: '安装完成', en: 'Installed' },
  abnormal: { zh: '安装异常', en: 'Found abnormal' },
  pass: { zh: '审核通过', en: 'Audit passed' },
  reject: { zh: '审核驳回', en: 'Audit rejected' },
  revoke: { zh: '撤销', en: 'Revoked' },
};

export const DISPATCH_LIMITS = {
  /** Order files: images and PDF, each at most this many bytes. */
  maxFileBytes: 10 * 1024 * 1024,
  maxFilesPerOrder: 30,
  /** An installed order is abnormal when a fitted device has not reported within this time… */
  silentHours: 24,
  /** …or first reports farther than this from the order's address. */
  firstReportMaxMetres: 5000,
  /** Device numbers one entry may carry. */
  maxDevicesPerOrder: 10,
} as const;

/** The media types an order file may have, found from its bytes (not its name). */
export const ORDER_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type OrderFileType = (typeof ORDER_FILE_TYPES)[number];

/** A mobile number: 11 digits starting with 1 (console-spec §5). */
export const MOBILE_PATTERN = /^1\d{10}$/;

const required = (max: number, empty: string) => z.string({ error: () => empty }).trim().min(1, empty).max(max, `最多${max}个字符`);

/** The quick-dispatch form (console-spec §3 "Dispatch order form"); lng/lat are WGS-84. */
export const DispatchForm = z.object({
  realName: required(50, '请输入联系人'),
  phone: z.string({ error: () => '请输入联系电话' }).trim().min(1, '请输入联系电话').max(11, '联系电话最多11位').regex(MOBILE_PATTERN, '请输入正确的手机号码'),
  carOwnerName: required(50, '请输入车主姓名'),
  reserveTime: TimeText,
  orderType: int({ min: 1, max: 2 }).pipe(z.literal(OrderTypes)),
  brandName: required(50, '请输入品牌'),
  carFrameNumber: required(17, '请输入车架号').transform((v) => v.toUpperCase()),
  deviceSource: int({ min: 1, max: 2 }).pipe(z.literal(DeviceSources)),
  /** Required for an install order (what to fit); a maintenance order may name none. */
  installProductId: optional(id()),
  address: required(255, '请选择安装地址'),
  lng: decimal({ min: -180, max: 180 }),
  lat: decimal({ min: -90, max: 90 }),
});
export type DispatchForm = z.infer<typeof DispatchForm>;

export const OrderListFields = PageQuery.extend({
  state: optional(int({ min: 1, max: 7 }).pipe(z.literal(OrderStates))),
  orderType: optional(int({ min: 1, max: 2 }).pipe(z.literal(OrderTypes))),
  /** Frame number, plate, contact, owner or phone, contained. */
  keyword: optionalText(50),
  deptId: optional(id()),
  installerDeptId: optional(id()),
  createdStart: TimeText.optional(),
  createdEnd: TimeText.optional(),
});
export const OrderListQuery = OrderListFields.superRefine(timeRangeInOrder('createdStart', 'createdEnd', '开始时间不能晚于结束时间'));
export type OrderListQuery = z.infer<typeof OrderListQuery>;

export const OrderItem = z.object({
  id: z.number(),
  orderType: z.literal(OrderTypes),
  deviceSource: z.literal(DeviceSources),
  state: z.literal(OrderStates),
  realName: z.string(),
  phone: z.string(),
  carOwnerName: z.string(),
  reserveTime: z.string(),
  brandName: z.string(),
  carFrameNumber: z.string(),
  plateNumber: z.string().nullable(),
  carId: z.number().nullable(),
  installProductId: z.number().nullable(),
  productName: z.string().nullable(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  /** The car's dealer and its institution. */
  deptId: z.number(),
  deptName: z.string(),
  financeName: z.string(),
  installerDeptId: z.number().nullable(),
  installerName: z.string().nullable(),
  /** Why it was last rejected or revoked. */
  reason: z.string().nullable(),
  /** Why the server found it abnormal (state 6). */
  abnormalReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  installedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** The list's page, and how many orders of each state the same filters hold (the tabs' counts). */
export const OrderPage = pageOf(OrderItem).extend({ stateCounts: z.record(z.string(), z.number()) });
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderHistoryItem = z.object({
  at: z.string(),
  /** Null for the server itself (an abnormal order found from telemetry). */
  userName: z.string().nullable(),
  action: z.enum(OrderActions),
  fromState: z.literal(OrderStates).nullable(),
  toState: z.literal(OrderStates).nullable(),
  reason: z.string().nullable(),
});
export type OrderHistoryItem = z.infer<typeof OrderHistoryItem>;

export const OrderDevice = z.object({
  deviceNumber: z.string(),
  deviceKind: z.number(),
  model: z.string(),
  /** The device's first report after the install, and how far from the order's address. */
  firstReportAt: z.string().nullable(),
  firstReportMetres: z.number().nullable(),
  lastTime: z.string().nullable(),
});
export type OrderDevice = z.infer<typeof OrderDevice>;

export const OrderFile = z.object({
  id: z.number(),
  orderId: z.number(),
  fileName: z.string(),
  mimeType: z.enum(ORDER_FILE_TYPES),
  size: z.number(),
  uploadedAt: z.string(),
  uploaderName: z.string().nullable(),
});
export type OrderFile = z.infer<typeof OrderFile>;

export const OrderDetail = z.object({
  order: OrderItem,
  history: z.array(OrderHistoryItem),
  devices: z.array(OrderDevice),
  files: z.array(OrderFile),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const OrderIdQuery = z.object({ id: id() });
export const OrderFilesQuery = z.object({ orderId: id() });
export const OrderFileQuery = z.object({ id: id() });

export const AuditBody = z
  .object({ id: id(), pass: z.boolean({ error: () => '请选择通过或驳回' }), reason: optionalText(255) })
  .refine((b) => b.pass || b.reason, { message: '请填写驳回原因', path: ['reason'] });
export const ReDispatchBody = z.object({ id: id(), installerDeptId: id(), reason: optionalText(255) });
export const RevokeBody = z.object({ id: id(), reason: required(255, '请填写撤销原因') });

/** Pasted text (commas, spaces, new lines) or an array; empty clears the entry. */
export const OrderDevicesBody = z.object({
  id: id(),
  deviceNumbers: z
    .union([z.array(z.string()), z.string()])
    .transform(pastedNumbers)
    .pipe(z.array(z.string().max(30)).max(DISPATCH_LIMITS.maxDevicesPerOrder, `每单最多${DISPATCH_LIMITS.maxDevicesPerOrder}台设备`)),
});

/** A file as base64 (the console reads the chosen file or photo). */
export const OrderUploadBody = z.object({
  orderId: id(),
  fileName: z.string().trim().min(1, '请选择文件').max(200),
  content: z
    .string()
    .min(1, '文件为空')
    .max(Math.ceil((DISPATCH_LIMITS.maxFileBytes * 4) / 3) + 4, '文件不能超过10MB'),
});

export const CarSearchQuery = z.object({ keyword: z.string().trim().min(1, '请输入车架号').max(17) });
export const OrderCar = z.object({
  carId: z.number(),
  carFrameNumber: z.string(),
  plateNumber: z.string(),
  brandName: z.string(),
  carOwnerName: z.string(),
  deptName: z.string(),
});
export type OrderCar = z.infer<typeof OrderCar>;

export const InstallerCompany = z.object({ id: z.number(), name: z.string() });
export type InstallerCompany = z.infer<typeof InstallerCompany>;

/** The home page's order figures (countDispatchOrderForFK): orders per state, and today's new ones. */
export const OrderCounts = z.object({
  total: z.number(),
  today: z.number(),
  byState: z.record(z.string(), z.number()),
});
export type OrderCounts = z.infer<typeof OrderCounts>;

export const OrderChange = z.object({ id: z.number(), state: z.literal(OrderStates) });
export type OrderChange = z.infer<typeof OrderChange>;
