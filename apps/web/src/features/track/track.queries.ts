import { GeoCalls, TrackCalls, type TrackExportFormat } from '@cvrisk/contracts';
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { call, download } from '../../api/call';
import type { Period } from './trackPeriod';

export type TrackKind = 'wired' | 'wireless';

export type TrackSearch = Period & { deviceNumber: string };

const REPLAY = { wired: TrackCalls.replayWired, wireless: TrackCalls.replayWireless } as const;

/** A replay never changes once fetched (a past period), except for today's, which the 查询 button refetches. */
export function trackQuery(kind: TrackKind, search: TrackSearch) {
  return queryOptions({
    queryKey: ['track', kind, search.deviceNumber, search.startTime, search.endTime],
    queryFn: ({ signal }) => call(REPLAY[kind], { query: search }, { signal }),
    staleTime: Infinity,
    retry: false,
    // Comparing 100,000 fixes with the previous answer costs more than it could save.
    structuralSharing: false,
  });
}

export function exportTrack(kind: TrackKind, format: TrackExportFormat, search: TrackSearch, onProgress: (received: number, total: number | null) => void) {
  return download(TrackCalls.replayExport, { query: { ...search, kind, format } }, { fallbackName: `轨迹-${search.deviceNumber}.${format}`, onProgress });
}

/** The address of a point; silent, as the panel shows '-' when the geocoder cannot say. */
export function addressQuery(point: { lng: number; lat: number } | null) {
  // ~1 m: the same parked car asks once, not once per fix.
  const at = point ? { lng: Number(point.lng.toFixed(5)), lat: Number(point.lat.toFixed(5)) } : null;
  return queryOptions({
    queryKey: ['geo', 'reverse', at?.lng, at?.lat],
    queryFn: at === null ? skipToken : ({ signal }) => call(GeoCalls.reverse, { query: at }, { signal, silent: true }),
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
