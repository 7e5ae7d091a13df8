/**
 * The 0–100 driving score (server-behaviour §9): 100 less points per event per 100 km, less up to 10
 * for the share of driving done at night. Below 100 km an event weighs as if 100 km had been driven,
 * so one harsh brake on a 10 km week does not sink a score; under 1 km there is no score.
 */
export const SCORE_WEIGHTS = { harshAcc: 2, harshBrake: 3, speeding: 5, fatigue: 10, night: 10 } as const;
export const SCORE_MIN_KM = 1;
export const SCORE_FULL_RATE_KM = 100;

export type ScoreInput = { km: number; harshAcc: number; harshBrake: number; speeding: number; fatigue: number; driveMs: number; nightDriveMs: number };

/** Events per 100 km, with the 100 km floor. */
export const per100 = (count: number, km: number): number => (count * 100) / Math.max(km, SCORE_FULL_RATE_KM);

export function drivingScore(x: ScoreInput): number | null {
  if (x.km < SCORE_MIN_KM) return null;
  const w = SCORE_WEIGHTS;
  const events = w.harshAcc * per100(x.harshAcc, x.km) + w.harshBrake * per100(x.harshBrake, x.km) + w.speeding * per100(x.speeding, x.km) + w.fatigue * per100(x.fatigue, x.km);
  const night = x.driveMs > 0 ? w.night * (x.nightDriveMs / x.driveMs) : 0;
  return Math.round(Math.min(100, Math.max(0, 100 - events - night)));
}

export const ScoreLevels = ['excellent', 'good', 'fair', 'poor'] as const;
export type ScoreLevel = (typeof ScoreLevels)[number];
export const SCORE_LEVEL_LABELS: Record<ScoreLevel, { zh: string; en: string }> = {
  excellent: { zh: '优', en: 'Excellent' },
  good: { zh: '良', en: 'Good' },
  fair: { zh: '中', en: 'Fair' },
  poor: { zh: '差', en: 'Poor' },
};
export const scoreLevel = (score: number): ScoreLevel => (score >= 90 ? 'excellent' : score >= 75 ? 'good' : score >= 60 ? 'fair' : 'poor');
