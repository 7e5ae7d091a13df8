import { formatTime, type OrderDevice, type OrderFile, type OrderHistoryItem, type OrderItem } from '@cvrisk/contracts';
import type { Selectable } from 'kysely';
import type { DispatchOrderEventTable, DispatchOrderFileTable } from '../../db/schema.js';
import type { OrderDeviceRepository } from './order-device.repository.js';
import type { OrderRow } from './order.repository.js';

const time = (ms: number | null) => (ms === null ? null : formatTime(ms));

export function toOrderItem(o: OrderRow): OrderItem {
  return {
    id: o.id, orderType: o.order_type as OrderItem['orderType'], deviceSource: o.device_source as OrderItem['deviceSource'], state: o.state as OrderItem['state'],
    realName: o.real_name, phone: o.phone, carOwnerName: o.car_owner_name, reserveTime: formatTime(o.reserve_time), brandName: o.brand_name,
    carFrameNumber: o.car_frame_number, plateNumber: o.plate_number, carId: o.car_id, installProductId: o.install_product_id, productName: o.product_name,
    address: o.address, lng: o.lng, lat: o.lat, deptId: o.dept_id, deptName: o.dept_name, financeName: o.finance_name ?? '',
    installerDeptId: o.installer_dept_id, installerName: o.installer_name, reason: o.reason, abnormalReason: o.abnormal_reason,
    createdByName: o.created_by_name, createdAt: formatTime(o.created_at), installedAt: time(o.installed_at), updatedAt: formatTime(o.updated_at),
  };
}

export function toHistoryItem(e: Selectable<DispatchOrderEventTable>): OrderHistoryItem {
  return {
    at: formatTime(e.at), userName: e.user_name, action: e.action as OrderHistoryItem['action'],
    fromState: e.from_state as OrderHistoryItem['fromState'], toState: e.to_state as OrderHistoryItem['toState'], reason: e.reason,
  };
}

export function toOrderDevice(d: Awaited<ReturnType<OrderDeviceRepository['list']>>[number]): OrderDevice {
  return {
    deviceNumber: d.device_number, deviceKind: d.kind, model: d.model, firstReportAt: time(d.first_report_at),
    firstReportMetres: d.first_report_m === null ? null : Math.round(d.first_report_m), lastTime: time(d.last_time),
  };
}

export function toOrderFile(f: Selectable<DispatchOrderFileTable>): OrderFile {
  return {
    id: f.id, orderId: f.order_id, fileName: f.file_name, mimeType: f.mime_type as OrderFile['mimeType'], size: f.size,
    uploadedAt: formatTime(f.uploaded_at), uploaderName: f.uploader_name,
  };
}
