import {
  DeviceKind, formatTime, LOAN_STATUS_LABELS,
  type CarDeviceListItem, type CarDeviceListQuery, type CarExportQuery, type LoanStatus, type PageResult,
} from '@cvrisk/contracts';
import { maskIdCard, maskPhone } from '../../lib/mask.js';
import type { XlsxColumn } from '../../lib/xlsx.js';
import type { SessionUser } from '../session/session-user.js';
import type { CarRepository, CarRow } from './car.repository.js';

export const CAR_EXPORT_COLUMNS: XlsxColumn<CarDeviceListItem>[] = [
  { header: '客户', width: 10, value: (c) => c.customerName },
  { header: '手机号', width: 14, value: (c) => c.customerPhone },
  { header: '身份证号', width: 20, value: (c) => c.idCard },
  { header: '车架号', width: 20, value: (c) => c.carFrameNumber },
  { header: '车牌号', width: 10, value: (c) => c.plateNumber },
  { header: '品牌', width: 10, value: (c) => c.brandName },
  { header: '车型', width: 12, value: (c) => c.modelName },
  { header: '颜色', width: 6, value: (c) => c.color },
  { header: '经销商', width: 22, value: (c) => c.deptName4s },
  { header: '金融机构', width: 22, value: (c) => c.deptName },
  { header: '贷款状态', width: 8, value: (c) => (c.loanStatus ? LOAN_STATUS_LABELS[c.loanStatus].zh : '') },
  { header: '贷款金额(元)', width: 12, value: (c) => c.loanAmount },
  { header: '逾期天数', width: 8, value: (c) => c.overdueDays },
  { header: '有线设备', width: 18, value: (c) => c.wiredDevices.join(', ') },
  { header: '无线设备', width: 18, value: (c) => c.wirelessDevices.join(', ') },
  { header: '创建时间', width: 20, value: (c) => c.createdAt },
];

export function createCarService(repo: CarRepository) {
  async function toItems(user: SessionUser, rows: CarRow[]): Promise<CarDeviceListItem[]> {
    const devices = await repo.devicesOfCars(rows.map((r) => r.id));
    // Full phone and identity numbers only for roles trusted with them (server-behaviour §2).
    const sensitive = user.permissions.has('customer:sensitive');
    return rows.map((r) => {
      const mine = devices.filter((d) => d.car_id === r.id);
      return {
        carId: r.id,
        carFrameNumber: r.frame_number,
        plateNumber: r.plate_number,
        brandName: r.brand_name,
        modelName: r.model_name,
        color: r.color,
        customerId: r.customer_id,
        customerName: r.customer_name,
        customerPhone: sensitive ? r.phone : maskPhone(r.phone),
        idCard: sensitive ? r.id_card : maskIdCard(r.id_card),
        deptId: r.dept_id,
        deptName4s: r.dealer_name,
        deptName: r.finance_name ?? '',
        loanStatus: (r.loan_status as LoanStatus | null) ?? null,
        loanAmount: r.amount_cents === null ? null : r.amount_cents / 100,
        overdueDays: r.overdue_days ?? 0,
        wiredDevices: mine.filter((d) => d.kind === DeviceKind.wired).map((d) => d.device_number),
        wirelessDevices: mine.filter((d) => d.kind === DeviceKind.wireless).map((d) => d.device_number),
        createdAt: formatTime(r.created_at),
      };
    });
  }

  return {
    async list(user: SessionUser, q: CarDeviceListQuery): Promise<PageResult<CarDeviceListItem>> {
      const { rows, count } = await repo.page(user.scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      return { list: await toItems(user, rows), count };
    },
    async *exportPages(user: SessionUser, q: CarExportQuery): AsyncGenerator<CarDeviceListItem[]> {
      for await (const rows of repo.pages(user.scope, q)) yield toItems(user, rows);
    },
  };
}

export type CarService = ReturnType<typeof createCarService>;
