import {
  DEVICE_KIND_LABELS, DEVICE_STATE_LABELS, formatTime, STOCK_STATE_LABELS,
  type DevExportQuery, type DeviceKind, type DeviceListItem, type DevicePositionItem, type DevLatestExportQuery, type DevLatestQuery,
  type DevListQuery, type PageResult,
} from '@cvrisk/contracts';
import { reverseGeocode } from '../../geo/gazetteer.js';
import { toGcj02 } from '../../lib/coords.js';
import type { XlsxColumn } from '../../lib/xlsx.js';
import type { SessionUser } from '../session/session-user.js';
import { deviceState, heardTime } from './device-state.js';
import { openWindow } from './registration-window.js';
import type { DeviceOrder, DeviceRepository, DeviceRow } from './device.repository.js';

export const time = (ms: number | null) => (ms === null ? null : formatTime(ms));

function toItem(r: DeviceRow, now: number): DeviceListItem {
  const gaode = r.lng === null || r.lat === null ? null : toGcj02(r.lng, r.lat);
  return {
    id: r.id,
    deviceNumber: r.device_number,
    deviceKind: r.kind as DeviceKind,
    model: r.model,
    iccid: r.iccid,
    state: deviceState(r.kind, r.last_time, r.heard_at, r.speed, now),
    deptId: r.dept_id,
    deptName: r.dept_name,
    financeName: r.finance_name ?? '',
    carId: r.car_id,
    carFrameNumber: r.frame_number,
    plateNumber: r.plate_number,
    customerName: r.customer_name,
    installTime: time(r.install_time),
    lastTime: time(r.last_time),
    heardTime: time(heardTime(r.last_time, r.heard_at)),
    lng: r.lng,
    lat: r.lat,
    gaodeLng: gaode?.[0] ?? null,
    gaodeLat: gaode?.[1] ?? null,
    speed: r.speed,
    direction: r.direction,
    acc: r.acc,
    battery: r.battery,
    signal: r.signal,
    satellites: r.satellites,
    registeredAt: time(r.registered_at),
    registrationWindow: windowOf(r, now),
    registerRefusals: r.register_refusals,
    lastRegisterRefusedAt: time(r.last_register_refused_at),
    lastRegisterRefusedReason: r.last_register_refused_reason,
    invalidPositions: r.invalid_positions,
    lastInvalidAt: time(r.last_invalid_at),
    lastInvalidReason: r.last_invalid_reason,
    retiredAt: time(r.retired_at),
  };
}

function windowOf(r: DeviceRow, now: number): DeviceListItem['registrationWindow'] {
  const open = openWindow(r, now);
  return open && { until: formatTime(open.until), reason: open.reason };
}

/** Where the last position lies, named for the rows at hand only: a page, a batch, an export's page. */
function withAddress(item: DeviceListItem): DevicePositionItem {
  const place = item.lng === null || item.lat === null ? null : reverseGeocode(item.lng, item.lat);
  return { ...item, address: place?.address ?? null };
}

/** The export's columns: the list's, in Chinese, as operators read them. */
export const DEVICE_EXPORT_COLUMNS: XlsxColumn<DeviceListItem>[] = [
  { header: '设备号', width: 18, value: (d) => d.deviceNumber },
  { header: '类型', width: 8, value: (d) => DEVICE_KIND_LABELS[d.deviceKind].zh },
  { header: '型号', width: 10, value: (d) => d.model },
  { header: 'ICCID', width: 22, value: (d) => d.iccid },
  // A retired device keeps its history on every list; its state is that it is retired.
  { header: '状态', width: 8, value: (d) => (d.retiredAt === null ? DEVICE_STATE_LABELS[d.state].zh : STOCK_STATE_LABELS.retired.zh) },
  { header: '所属经销商', width: 22, value: (d) => d.deptName },
  { header: '金融机构', width: 22, value: (d) => d.financeName },
  { header: '车架号', width: 20, value: (d) => d.carFrameNumber },
  { header: '车牌号', width: 10, value: (d) => d.plateNumber },
  { header: '客户', width: 10, value: (d) => d.customerName },
  { header: '安装时间', width: 20, value: (d) => d.installTime },
  { header: '最后上报时间', width: 20, value: (d) => d.lastTime },
  { header: '最后通讯时间', width: 20, value: (d) => d.heardTime },
  { header: '注册时间', width: 20, value: (d) => d.registeredAt ?? '未注册' },
  { header: '无效定位', width: 10, value: (d) => d.invalidPositions },
  { header: '注册被拒', width: 10, value: (d) => d.registerRefusals },
];

/** The latest-position export: where each device is and how it reports. */
export const LATEST_EXPORT_COLUMNS: XlsxColumn<DevicePositionItem>[] = [
  ...DEVICE_EXPORT_COLUMNS.filter((c) => ['设备号', '类型', '状态', '所属经销商', '车牌号', '客户', '无效定位'].includes(c.header)),
  { header: '最后定位时间', width: 20, value: (d) => d.lastTime },
  { header: '经度(WGS-84)', width: 12, value: (d) => d.lng },
  { header: '纬度(WGS-84)', width: 12, value: (d) => d.lat },
  { header: '地址', width: 30, value: (d) => d.address },
  { header: '速度(km/h)', width: 10, value: (d) => d.speed },
  { header: '方向', width: 6, value: (d) => d.direction },
  { header: 'ACC', width: 6, value: (d) => (d.acc === null ? null : d.acc === 1 ? '开' : '关') },
  { header: '电量(%)', width: 8, value: (d) => d.battery },
  { header: '信号', width: 6, value: (d) => d.signal },
  { header: '卫星数', width: 6, value: (d) => d.satellites },
];

export function createDeviceService(repo: DeviceRepository, now: () => number = Date.now) {
  async function page(user: SessionUser, q: DevLatestQuery, order: DeviceOrder): Promise<PageResult<DeviceListItem>> {
    const t = now();
    const { rows, count } = await repo.page(user.scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize, t, order);
    return { list: rows.map((r) => toItem(r, t)), count };
  }

  async function* exportPages(user: SessionUser, q: DevExportQuery | DevLatestExportQuery): AsyncGenerator<DeviceListItem[]> {
    const t = now();
    for await (const rows of repo.pages(user.scope, q, t)) yield rows.map((r) => toItem(r, t));
  }

  return {
    list: (user: SessionUser, q: DevListQuery) => page(user, q, 'id'),

    async latest(user: SessionUser, q: DevLatestQuery): Promise<PageResult<DevicePositionItem>> {
      const { list, count } = await page(user, q, 'lastTime');
      return { list: list.map(withAddress), count };
    },

    async byNumbers(user: SessionUser, numbers: string[]): Promise<DevicePositionItem[]> {
      const t = now();
      return (await repo.byNumbers(user.scope, numbers, t)).map((r) => withAddress(toItem(r, t)));
    },

    exportPages,

    async *exportLatestPages(user: SessionUser, q: DevLatestExportQuery): AsyncGenerator<DevicePositionItem[]> {
      for await (const items of exportPages(user, q)) yield items.map(withAddress);
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
