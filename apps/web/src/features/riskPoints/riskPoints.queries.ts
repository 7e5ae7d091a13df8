import {
  GeoCalls,
  RISK_POINT_NEAR_METRES,
  RiskPointCalls,
  type RiskPointItem,
  type RiskPointListQuery,
  type RiskPointSave,
} from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';
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
    queryFn: ({ signal }) => call(RiskPointCalls.list, { query }, { signal }),
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
      const query = { lng: centre.lng, lat: centre.lat, distance: RISK_POINT_NEAR_METRES };
      const [shared, own] = await Promise.all([
        call(RiskPointCalls.nearShared, { query }, { signal }),
        call(RiskPointCalls.nearOwn, { query }, { signal }),
      ]);
      return mergeNearby(shared, own);
    },
  });
}

/** The server's `msg` (风险点已创建 / 风险点已修改) is what the operator is told. */
export async function saveRiskPoint(body: RiskPointSave): Promise<{ point: RiskPointItem; msg: string }> {
  const { value, msg } = await callWithMessage(RiskPointCalls.save, { body });
  return { point: value.entity, msg };
}

export async function deleteRiskPoint(id: number): Promise<string> {
  return (await callWithMessage(RiskPointCalls.remove, { query: { id } })).msg;
}

/** Quiet: without an address the operator simply types one. */
export function reverseQuery(point: LngLat) {
  return queryOptions({
    queryKey: ['geo', 'reverse', point.lng, point.lat],
    queryFn: ({ signal }) => call(GeoCalls.reverse, { query: { lng: point.lng, lat: point.lat } }, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
