import { z } from 'zod';
import { defineCall, XLSX_FILE } from './api/call.js';
import { PageQuery, pageOf } from './envelope.js';
import { id, optional, optionalText } from './fields.js';
import { LoanStatuses } from './labels.js';

export const CarDeviceListQuery = PageQuery.extend({
  customerName: optionalText(30),
  customerPhone: optionalText(11),
  carFrameNumber: optionalText(17),
  plateNumber: optionalText(10),
  deviceNumber: optionalText(30),
  deptId: optional(id()),
  brandId: optional(id()),
  loanStatus: optional(z.enum(LoanStatuses)),
});
export type CarDeviceListQuery = z.infer<typeof CarDeviceListQuery>;
export const CarExportQuery = CarDeviceListQuery.omit({ pageNumber: true, pageSize: true });
export type CarExportQuery = z.infer<typeof CarExportQuery>;

export const CarDeviceListItem = z.object({
  carId: z.number(),
  carFrameNumber: z.string(),
  plateNumber: z.string(),
  brandName: z.string(),
  modelName: z.string(),
  color: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  /** Masked (138****1234) unless the caller holds `customer:sensitive`. */
  customerPhone: z.string(),
  idCard: z.string(),
  deptId: z.number(),
  deptName4s: z.string(),
  deptName: z.string(),
  loanStatus: z.enum(LoanStatuses).nullable(),
  loanAmount: z.number().nullable(),
  overdueDays: z.number(),
  wiredDevices: z.array(z.string()),
  wirelessDevices: z.array(z.string()),
  createdAt: z.string(),
});
export type CarDeviceListItem = z.infer<typeof CarDeviceListItem>;

export const CarCalls = {
  list: defineCall({
    method: 'POST',
    path: '/api/car/getCarDeviceList',
    summary: '客户车辆及其设备，分页',
    tag: '客户车辆',
    access: 'customer:view',
    body: CarDeviceListQuery,
    reply: pageOf(CarDeviceListItem),
  }),
  export: defineCall({
    method: 'POST',
    path: '/api/car/download',
    summary: '导出客户车辆（xlsx）',
    tag: '客户车辆',
    access: 'customer:view',
    body: CarExportQuery,
    reply: XLSX_FILE,
  }),
};
