import { z } from 'zod';
import { PageQuery } from './envelope.js';
import { DeviceStates, type DeviceKind, type DeviceState } from './labels.js';
import { optionalText, TimeText } from './fields.js';

export const DevListQuery = PageQuery.extend({
  deviceNumber: optionalText(30),
  deviceKind: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])).optional(),
  state: z.enum(DeviceStates).optional(),
  deptId: z.coerce.number().int().positive().optional(),
  carFrameNumber: optionalText(17),
  customerName: optionalText(30),
  installTimeStart: TimeText.optional(),
  installTimeEnd: TimeText.optional(),
});
export type DevListQuery = z.infer<typeof DevListQuery>;
/** The same filters without paging, for the export. */
export const DevExportQuery = DevListQuery.omit({ pageNumber: true, pageSize: true });
export type DevExportQuery = z.infer<typeof DevExportQuery>;

/** The device latest-position list (deviceManagement): the same filters plus the last report time. */
export const DevLatestQuery = DevListQuery.extend({
  lastTimeStart: TimeText.optional(),
  lastTimeEnd: TimeText.optional(),
});
export type DevLatestQuery = z.infer<typeof DevLatestQuery>;
export const DevLatestExportQuery = DevLatestQuery.omit({ pageNumber: true, pageSize: true });
export type DevLatestExportQuery = z.infer<typeof DevLatestExportQuery>;

/** Up to 1000 numbers, as an array or pasted text separated by commas, spaces or new lines. */
export const DevNumbersQuery = z.object({
  deviceNumbers: z
    .union([z.array(z.string()), z.string()])
    .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(/[\s,，;；]+/)).map((n) => n.trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(30)).min(1, '请输入设备号').max(1000, '一次最多查询1000个设备')),
});
export type DevNumbersQuery = z.infer<typeof DevNumbersQuery>;

export type DeviceListItem = {
  id: number;
  deviceNumber: string;
  deviceKind: DeviceKind;
  model: string;
  iccid: string;
  state: DeviceState;
  deptId: number;
  deptName: string;
  financeName: string;
  carId: number | null;
  carFrameNumber: string | null;
  plateNumber: string | null;
  customerName: string | null;
  installTime: string | null;
  lastTime: string | null;
  /** WGS-84 as stored… */
  lng: number | null;
  lat: number | null;
  /** …and GCJ-02 for AMap. */
  gaodeLng: number | null;
  gaodeLat: number | null;
  speed: number | null;
  direction: number | null;
  acc: number | null;
  battery: number | null;
  signal: number | null;
  satellites: number | null;
};
