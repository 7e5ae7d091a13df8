import { distanceM, type TrackFix, type TrackStop } from '@cvrisk/contracts';
import type { Park } from './trackPlayer';

/** A spell without a stop that ends further than this from where it began was driven out of coverage. */
const MOVED_M = 500;

export type ParkSpell = {
  /** Where to say it (WGS-84): the stop's place, else the fix the spell began at. */
  lng: number;
  lat: number;
  /** 停留 for a stop, or a spell without fixes that ends where it began; 无定位 for one driven out of coverage. */
  kind: 'parked' | 'noFixes';
  durationMs: number;
};

/** What the replay says about the parked spell it is passing. */
export function describePark(park: Park, fixes: readonly Pick<TrackFix, 'lng' | 'lat'>[], stops: readonly Pick<TrackStop, 'lng' | 'lat'>[]): ParkSpell {
  const stop = park.stop === null ? undefined : stops[park.stop];
  if (stop) return { lng: stop.lng, lat: stop.lat, kind: 'parked', durationMs: park.durationMs };
  const a = fixes[park.fix]!;
  const b = fixes[park.until]!;
  const kind = distanceM(a.lng, a.lat, b.lng, b.lat) > MOVED_M ? 'noFixes' : 'parked';
  return { lng: a.lng, lat: a.lat, kind, durationMs: park.durationMs };
}
