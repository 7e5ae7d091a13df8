import { z } from 'zod';
import { PageQuery } from './envelope.js';
import { optionalText } from './fields.js';
import { LoanStatuses, type LoanStatus } from './labels.js';

export const CarDeviceListQuery = PageQuery.extend({
  customerName: optionalText(30),
  customerPhone: optionalText(11),
  carFrameNumber: optionalText(17),
  plateNumber: optionalText(10),
  deviceNumber: optionalText(30),
  deptId: z.coerce.number().int().positive().optional(),
  brandId: z.coerce.number().int().positive().optional(),
  loanStatus: z.enum(LoanStatuses).optional(),
});
export type CarDeviceListQuery = z.infer<typeof CarDeviceListQuery>;
export const CarExportQuery = CarDeviceListQuery.omit({ pageNumber: true, pageSize: true });
export type CarExportQuery = z.infer<typeof CarExportQuery>;

export type CarDeviceListItem = {
  carId: number;
  carFrameNumber: string;
  plateNumber: string;
  brandName: string;
  modelName: string;
  color: string;
  customerId: number;
  customerName: string;
  /** Masked (138****1234) unless the caller holds `customer:sensitive`. */
  customerPhone: string;
  idCard: string;
  deptId: number;
  deptName4s: string;
  deptName: string;
  loanStatus: LoanStatus | null;
  loanAmount: number | null;
  overdueDays: number;
  wiredDevices: string[];
  wirelessDevices: string[];
  createdAt: string;
};
