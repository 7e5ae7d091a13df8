import { DeviceCalls, type DevExportQuery, type DevListQuery } from '@cvrisk/contracts';
import { call, download } from '../../api/call';

export function fetchDevicePage(query: DevListQuery, signal: AbortSignal) {
  return call(DeviceCalls.list, { body: query }, { signal });
}

export function exportDevices(filters: Partial<DevExportQuery>, onProgress: (received: number, total: number | null) => void) {
  return download(DeviceCalls.export, { body: filters }, { fallbackName: '设备基础信息.xlsx', onProgress });
}
