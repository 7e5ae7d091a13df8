import type { DevExportQuery, DevListQuery, DeviceListItem, PageResult } from '@cvrisk/contracts';
import { download, getResult } from '../../api/http';

export function fetchDevicePage(query: DevListQuery, signal: AbortSignal) {
  return getResult<PageResult<DeviceListItem>>('/api/device/getDevList', { method: 'POST', data: query, signal });
}

export function exportDevices(filters: Partial<DevExportQuery>, onProgress: (received: number, total: number | null) => void) {
  return download('/api/device/downloadListFromMiddle', { data: filters, fallbackName: '设备基础信息.xlsx', onProgress });
}
