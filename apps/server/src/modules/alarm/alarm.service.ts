import {
  ALARM_STATE_LABELS, ALARM_TYPES, DEVICE_KIND_LABELS, formatTime,
  type AlarmExportQuery, type AlarmListItem, type AlarmListQuery, type AlarmTypeItem, type DeviceKind, type PageResult,
} from '@cvrisk/contracts';
import { reverseGeocode } from '../../geo/gazetteer.js';
import type { Scope } from '../../lib/scope.js';
import type { XlsxColumn } from '../../lib/xlsx.js';
import { durationText } from '../track/track.kml.js';
import type { AlarmRepository, AlarmRow } from './alarm.repository.js';

export const ALARM_EXPORT_COLUMNS: XlsxColumn<AlarmListItem>[] = [
  { header: '设备号', width: 18, value: (a) => a.deviceNumber },
  { header: '设备类型', width: 8, value: (a) => DEVICE_KIND_LABELS[a.deviceKind].zh },
  { header: '车牌号', width: 10, value: (a) => a.plateNumber },
  { header: '客户', width: 10, value: (a) => a.customerName },
  { header: '经销商', width: 22, value: (a) => a.deptName },
  { header: '报警类型', width: 18, value: (a) => a.alarmTypeName },
  { header: '开始时间', width: 20, value: (a) => a.startTime },
  { header: '结束时间', width: 20, value: (a) => a.endTime },
  { header: '持续时长', width: 14, value: (a) => a.duration },
  { header: '状态', width: 8, value: (a) => ALARM_STATE_LABELS[a.state].zh },
  { header: '经度', width: 11, value: (a) => a.lng },
  { header: '纬度', width: 10, value: (a) => a.lat },
  { header: '位置', width: 24, value: (a) => a.address },
];

export const alarmTypeName = (code: number): string => ALARM_TYPES[code]?.zh ?? `报警${code}`;

export function createAlarmService(repo: AlarmRepository, now: () => number = Date.now) {
  function toItem(r: AlarmRow, at: number): AlarmListItem {
    const durationMs = Math.max(0, (r.end_time ?? at) - r.start_time);
    return {
      id: r.id,
      deviceNumber: r.device_number,
      deviceKind: r.kind as DeviceKind,
      plateNumber: r.plate_number,
      customerName: r.customer_name,
      deptId: r.dept_id,
      deptName: r.dept_name,
      alarmType: r.alarm_type,
      alarmTypeName: alarmTypeName(r.alarm_type),
      startTime: formatTime(r.start_time),
      endTime: r.end_time === null ? null : formatTime(r.end_time),
      durationMs,
      duration: durationText(durationMs),
      state: r.end_time === null ? 'open' : 'closed',
      lng: r.lng,
      lat: r.lat,
      // The offline gazetteer: a page of alarms must not wait on an external geocoder.
      address: reverseGeocode(r.lng, r.lat)?.address ?? null,
    };
  }

  return {
    types(): AlarmTypeItem[] {
      return Object.entries(ALARM_TYPES).map(([code, l]) => ({ code: Number(code), name: l.zh, nameEn: l.en }));
    },

    /** The contract has checked the time range is in order (a reversed one would silently list nothing). */
    async list(scope: Scope, q: AlarmListQuery): Promise<PageResult<AlarmListItem>> {
      const { rows, count } = await repo.page(scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      const at = now();
      return { list: rows.map((r) => toItem(r, at)), count };
    },

    exportPages(scope: Scope, q: AlarmExportQuery): AsyncIterable<AlarmListItem[]> {
      const at = now();
      return (async function* () {
        for await (const rows of repo.pages(scope, q)) yield rows.map((r) => toItem(r, at));
      })();
    },
  };
}

export type AlarmService = ReturnType<typeof createAlarmService>;
