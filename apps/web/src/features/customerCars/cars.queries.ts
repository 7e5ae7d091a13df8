import type { CarDeviceListItem, CarDeviceListQuery, CarExportQuery, PageResult } from '@cvrisk/contracts';
import { download, getResult } from '../../api/http';

export function fetchCarPage(query: CarDeviceListQuery, signal: AbortSignal) {
  return getResult<PageResult<CarDeviceListItem>>('/api/car/getCarDeviceList', { method: 'POST', data: query, signal });
}

export function exportCars(filters: Partial<CarExportQuery>, onProgress: (received: number, total: number | null) => void) {
  return download('/api/car/download', { data: filters, fallbackName: '客户车辆.xlsx', onProgress });
}
