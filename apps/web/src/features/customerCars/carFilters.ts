import type { CarDeviceListQuery, CarExportQuery, LoanStatus } from '@cvrisk/contracts';
import { text } from '../../lib/filterValues';

export type CarFilterValues = {
  customerName?: string;
  customerPhone?: string;
  carFrameNumber?: string;
  plateNumber?: string;
  deviceNumber?: string;
  deptId?: number;
  brandId?: number;
  loanStatus?: LoanStatus;
};

export function filtersFromQuery(q: CarDeviceListQuery): CarFilterValues {
  const { pageNumber: _page, pageSize: _size, ...filters } = q;
  return filters;
}

export function filtersToQuery(v: CarFilterValues): CarExportQuery {
  return {
    customerName: text(v.customerName),
    customerPhone: text(v.customerPhone),
    carFrameNumber: text(v.carFrameNumber)?.toUpperCase(),
    plateNumber: text(v.plateNumber)?.toUpperCase(),
    deviceNumber: text(v.deviceNumber),
    deptId: v.deptId,
    brandId: v.brandId,
    loanStatus: v.loanStatus,
  };
}
