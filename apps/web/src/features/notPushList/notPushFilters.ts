import type { NotStatisticsListQuery, WarningTypeCode } from '@cvrisk/contracts';
import { text } from '../../lib/filterValues';

export type NotPushFilterValues = { deviceNumber?: string; warningType?: WarningTypeCode };

export function filtersFromQuery(q: NotStatisticsListQuery): NotPushFilterValues {
  return { deviceNumber: q.deviceNumber, warningType: q.warningType as WarningTypeCode | undefined };
}

export function filtersToQuery(v: NotPushFilterValues): Omit<NotStatisticsListQuery, 'pageNumber' | 'pageSize'> {
  return { deviceNumber: text(v.deviceNumber), warningType: v.warningType };
}
