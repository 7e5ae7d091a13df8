import type { DeviceKind } from '@cvrisk/contracts';
import type { Place } from './cities.js';

export const EPISODE_KINDS = ['riskPointStay', 'powerCut', 'removal', 'leaveProvince', 'offline', 'separation', 'abnormalMove'] as const;
export type EpisodeKind = (typeof EPISODE_KINDS)[number];

export type EpisodePlace = Place & { name?: string; city?: string; province?: string };

/**
 * One scripted risky event, described so that tests (and the warning engine's tests) can check that
 * exactly these produce warnings. Times are epoch ms; `end` null means it lasts for good.
 *
 * - riskPointStay: the car is parked within 100 m of risk point `riskPointId` (`place`) from `start`
 *   to `end` (one episode per stay; a repeated stay names the first one in `repeatOf`). A repeated
 *   stay, and the stay before a compound power cut, are in the yard's underground garage (`blindArea`):
 *   their fixes reach the platform after the car is out again, as a blind-area upload.
 * - powerCut: the wired device reports alarm bit 8 at `start` where it is parked (`place`), then
 *   nothing until `end` (null: never again).
 * - removal: the device reports a tamper bit (16 wired, 17 wireless) at `start`, then nothing, for good.
 * - leaveProvince: the car is in `place` (a city of another province) from arriving at `start` to
 *   setting off home at `end`.
 * - offline: the car's devices report nothing from `start` to `end`; the car stays at `place`.
 * - separation: from `start` to `end` the car with its wired device stays at `to`, more than 5 km
 *   from its wireless device, left at `place`.
 * - abnormalMove: the car's devices go silent at `start` at `place`, and report again at `end` from
 *   `to`, more than 10 km away.
 */
export type Episode = {
  id: string;
  kind: EpisodeKind;
  carId: number;
  dealerId: number;
  financeId: number | null;
  /** The devices whose reports show it. */
  devices: { number: string; kind: DeviceKind }[];
  start: number;
  end: number | null;
  place: EpisodePlace;
  to?: EpisodePlace;
  riskPointId?: number;
  repeatOf?: string;
  /** A power cut that follows a risk-point stay of the same car within 72 h: the compound case. */
  follows?: string;
  /** The devices were out of coverage throughout: the stay reaches the platform late, as a blind-area upload. */
  blindArea?: true;
};
