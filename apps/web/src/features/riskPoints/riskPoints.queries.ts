import {
  RISK_POINT_NEAR_METRES,
  type GeoPlace,
  type GeoReverseResult,
  type PageResult,
  type ResultEnvelope,
  type RiskPointItem,
  type RiskPointListQuery,
  type RiskPointSave,
} from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getResult, request } from '../../api/http';
import type { LngLat } from '../../components/map/draw/geometry';
import { mergeNearby } from './nearby';

/** Every risk-point query starts with this, so one invalidation refreshes the list, the map and 附近. */
export const RISK_POINTS_KEY = 'riskPoints';
/** The map shows up to this many of the filtered points (the contract's page-size limit). */
export const MAP_PAGE_SIZE = 1000;

export type RiskPointFilters = Omit<RiskPointListQuery, 'pageNumber' | 'pageSize'>;

export function riskPointListQuery(query: RiskPointListQuery) {
  return queryOptions({
    queryKey: [RISK_POINTS_KEY, 'list', query],
    queryFn: ({ signal }) => getResult<PageResult<RiskPointItem>>('/api/riskpoint/getList', { params: query, signal }),
  });
}

export function riskPointMapQuery(filters: RiskPointFilters) {
  return riskPointListQuery({ ...filters, pageNumber: 1, pageSize: MAP_PAGE_SIZE });
}

/** Shared and own risk points within 3 km of a place, nearest first. */
export function nearbyQuery(centre: LngLat) {
  return queryOptions({
    queryKey: [RISK_POINTS_KEY, 'near', centre.lng, centre.lat],
    queryFn: async ({ signal }) => {
      const params = { lng: centre.lng, lat: centre.lat, distance: RISK_POINT_NEAR_METRES };
      const [shared, own] = await Promise.all([
        getResult<RiskPointItem[]>('/api/riskpoint/getDistanceRiskPointByCoordinate', { params, signal }),
        getResult<RiskPointItem[]>('/api/riskpoint/getMyDistanceRiskPointByCoordinate', { params, signal }),
      ]);
      return mergeNearby(shared, own);
    },
  });
}

/** The server's `msg` (风险点已创建 / 风险点已修改) is what the operator is told. */
export async function saveRiskPoint(body: RiskPointSave): Promise<{ point: RiskPointItem; msg: string }> {
  const reply = await request<ResultEnvelope<{ entity: RiskPointItem }>>('/api/riskpoint/save', { method: 'POST', data: body });
  return { point: reply.result.entity, msg: reply.msg };
}

export async function deleteRiskPoint(id: number): Promise<string> {
  return (await request<ResultEnvelope<null>>('/api/riskpoint/delete', { method: 'DELETE', params: { id } })).msg;
}

export function searchPlaces(keyword: string): Promise<GeoPlace[]> {
  return getResult<GeoPlace[]>('/api/geo/search', { params: { keyword } });
}

/** Quiet: without an address the operator simply types one. */
export function reverseQuery(point: LngLat) {
  return queryOptions({
    queryKey: ['geo', 'reverse', point.lng, point.lat],
    queryFn: ({ signal }) => getResult<GeoReverseResult>('/api/geo/reverse', { params: { lng: point.lng, lat: point.lat }, signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
