import { CarCalls, type CarDeviceListQuery, type CarExportQuery } from '@cvrisk/contracts';
import { call, download } from '../../api/call';

/** The car list's id, the first part of its cache keys. */
export const CARS_KEY = 'customerCars';

export function fetchCarPage(query: CarDeviceListQuery, signal: AbortSignal) {
  return call(CarCalls.list, { body: query }, { signal });
}

export function exportCars(filters: Partial<CarExportQuery>, onProgress: (received: number, total: number | null) => void) {
  return download(CarCalls.export, { body: filters }, { fallbackName: '客户车辆.xlsx', onProgress });
}
