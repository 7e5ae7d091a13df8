import {
  DEVICE_KIND_LABELS, DEVICE_STATE_LABELS, formatTime,
  type DevExportQuery, type DeviceKind, type DeviceListItem, type DevListQuery, type PageResult,
} from '@cvrisk/contracts';
import type { XlsxColumn } from '../../lib/xlsx.js';
import type { SessionUser } from '../session/session-user.js';
import { deviceState } from './device-state.js';
import type { DeviceRepository, DeviceRow } from './device.repository.js';

const time = (ms: number | null) => (ms === null ? null : formatTime(ms));

function toItem(r: DeviceRow, now: number): DeviceListItem {
  return {
    id: r.id,
    deviceNumber: r.device_number,
    deviceKind: r.kind as DeviceKind,
    model: r.model,
    iccid: r.iccid,
    state: deviceState(r.kind, r.last_time, r.speed, now),
    deptId: r.dept_id,
    deptName: r.dept_name,
    financeName: r.finance_name ?? '',
    carId: r.car_id,
    carFrameNumber: r.frame_number,
    plateNumber: r.plate_number,
    customerName: r.customer_name,
    installTime: time(r.install_time),
    lastTime: time(r.last_time),
    lng: r.lng,
    lat: r.lat,
    speed: r.speed,
    battery: r.battery,
  };
}

/** The export's columns: the list's, in Chinese, as operators read them. */
export const DEVICE_EXPORT_COLUMNS: XlsxColumn<DeviceListItem>[] = [
  { header: '设备号', width: 18, value: (d) => d.deviceNumber },
  { header: '类型', width: 8, value: (d) => DEVICE_KIND_LABELS[d.deviceKind].zh },
  { header: '型号', width: 10, value: (d) => d.model },
  { header: 'ICCID', width: 22, value: (d) => d.iccid },
  { header: '状态', width: 8, value: (d) => DEVICE_STATE_LABELS[d.state].zh },
  { header: '所属经销商', width: 22, value: (d) => d.deptName },
  { header: '金融机构', width: 22, value: (d) => d.financeName },
  { header: '车架号', width: 20, value: (d) => d.carFrameNumber },
  { header: '车牌号', width: 10, value: (d) => d.plateNumber },
  { header: '客户', width: 10, value: (d) => d.customerName },
  { header: '安装时间', width: 20, value: (d) => d.installTime },
  { header: '最后上报时间', width: 20, value: (d) => d.lastTime },
];

export function createDeviceService(repo: DeviceRepository, now: () => number = Date.now) {
  return {
    async list(user: SessionUser, q: DevListQuery): Promise<PageResult<DeviceListItem>> {
      const t = now();
      const { rows, count } = await repo.page(user.scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize, t);
      return { list: rows.map((r) => toItem(r, t)), count };
    },

    async *exportPages(user: SessionUser, q: DevExportQuery): AsyncGenerator<DeviceListItem[]> {
      const t = now();
      for await (const rows of repo.pages(user.scope, q, t)) yield rows.map((r) => toItem(r, t));
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
