import type { GeoAddress, TrackExportFormat, TrackResult } from '@cvrisk/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { download, getResult } from '../../api/http';
import type { Period } from './trackPeriod';

export type TrackKind = 'wired' | 'wireless';

export type TrackSearch = Period & { deviceNumber: string };

const REPLAY_URL: Record<TrackKind, string> = {
  wired: '/api/device/trackReplayWired',
  wireless: '/api/device/trackReplayWireless',
};

/** A replay never changes once fetched (a past period), except for today's, which the 查询 button refetches. */
export function trackQuery(kind: TrackKind, search: TrackSearch) {
  return queryOptions({
    queryKey: ['track', kind, search.deviceNumber, search.startTime, search.endTime],
    queryFn: ({ signal }) => getResult<TrackResult>(REPLAY_URL[kind], { params: search, signal }),
    staleTime: Infinity,
    retry: false,
    // Comparing 100,000 fixes with the previous answer costs more than it could save.
    structuralSharing: false,
  });
}

export function exportTrack(kind: TrackKind, format: TrackExportFormat, search: TrackSearch, onProgress: (received: number, total: number | null) => void) {
  return download('/api/device/trackReplayExport', {
    method: 'GET',
    params: { ...search, kind, format },
    fallbackName: `轨迹-${search.deviceNumber}.${format}`,
    onProgress,
  });
}

/** The address of a point; silent, as the panel shows '-' when the geocoder cannot say. */
export function addressQuery(point: { lng: number; lat: number } | null) {
  // ~1 m: the same parked car asks once, not once per fix.
  const lng = point ? point.lng.toFixed(5) : null;
  const lat = point ? point.lat.toFixed(5) : null;
  return queryOptions({
    queryKey: ['geo', 'reverse', lng, lat],
    queryFn: ({ signal }) => getResult<GeoAddress>('/api/geo/reverse', { params: { lng, lat }, signal, silent: true }),
    enabled: point !== null,
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
