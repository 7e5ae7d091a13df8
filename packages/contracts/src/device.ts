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
  lng: number | null;
  lat: number | null;
  speed: number | null;
  battery: number | null;
};
