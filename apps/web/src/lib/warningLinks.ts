import type { FeedWarning } from '@cvrisk/contracts';

/** The warning detail page of one warning (console-spec §2: hidden route under /risk). */
export function warningDetailPath(w: Pick<FeedWarning, 'id' | 'deviceNumber' | 'warningType'>): string {
  return `/risk/warningDetail?${new URLSearchParams({ id: String(w.id), deviceNumber: w.deviceNumber, warningType: String(w.warningType) })}`;
}

/** The risk-warning list filtered to this device and type, unhandled (console-spec §2 route query). */
export function warningListPath(w: Pick<FeedWarning, 'deviceNumber' | 'warningType'>): string {
  return `/risk/riskWarning?${new URLSearchParams({ deviceNumber: w.deviceNumber, warningType: String(w.warningType), dealStatus: '0' })}`;
}
