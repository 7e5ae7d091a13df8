/** Speed bands of a replayed track (km/h): where a car crawled, drove in town, on a highway, or sped. */
export const SPEED_BANDS = [
  { upTo: 30, color: '#52c41a' },
  { upTo: 60, color: '#1677ff' },
  { upTo: 90, color: '#fa8c16' },
  { upTo: Infinity, color: '#f5222d' },
] as const;

export function speedBand(speed: number): number {
  const i = SPEED_BANDS.findIndex((b) => speed < b.upTo);
  return i === -1 ? SPEED_BANDS.length - 1 : i;
}

/** Fixes `from`..`to` (inclusive) drawn in one colour; consecutive runs share their boundary fix. */
export type SpeedRun = { band: number; from: number; to: number };

/**
 * Splits a track into runs of one speed band, so a month of fixes draws as a few hundred polylines
 * instead of one per segment. The segment i → i+1 takes the band of the speed reported at i+1: the
 * speed the car had while covering it.
 */
export function speedRuns(speeds: ArrayLike<number>): SpeedRun[] {
  const runs: SpeedRun[] = [];
  let current: SpeedRun | null = null;
  for (let i = 1; i < speeds.length; i++) {
    const band = speedBand(speeds[i]!);
    if (current && current.band === band) current.to = i;
    else {
      current = { band, from: i - 1, to: i };
      runs.push(current);
    }
  }
  return runs;
}
