import { CAR_ANALYSIS, type CarDataAnalysis, type CommonPlace } from '@cvrisk/contracts';
import { toGcj02 } from '../../lib/coords.js';
import { notFound } from '../../lib/errors.js';
import type { Scope } from '../../lib/scope.js';
import type { GeoService } from '../geo/geo.service.js';
import { commonArea, frequentStops, homePlaces, workPlaces, type Place } from './analysis.js';
import type { CarAnalysisRepository } from './car-analysis.repository.js';

const DAY_MS = 86_400_000;
const round1 = (v: number) => Math.round(v * 10) / 10;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * The device whose stops describe the car: a wired one (it reports every few seconds while driving,
 * so its stops are exact), the most recently heard first; a wireless tracker only when the car has
 * no wired device. Two devices of one car would count every stop twice.
 */
export function describingDevice(devices: { id: number; kind: number; last_time: number | null }[]): number | null {
  const ranked = [...devices].sort((a, b) => a.kind - b.kind || (b.last_time ?? -1) - (a.last_time ?? -1));
  return ranked[0]?.id ?? null;
}

export function createCarAnalysisService(repo: CarAnalysisRepository, geo: Pick<GeoService, 'reverse'>, now: () => number = Date.now) {
  async function toCommon(p: Place): Promise<CommonPlace> {
    const [commonLng, commonLat] = toGcj02(p.lng, p.lat);
    const named = await geo.reverse(p.lng, p.lat);
    return {
      commonLng, commonLat, lng: round6(p.lng), lat: round6(p.lat),
      commonAddress: named?.address ?? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`,
      count: p.count, totalMinutes: Math.round(p.totalMs / 60_000),
    };
  }

  return {
    async analyse(scope: Scope, carId: number): Promise<CarDataAnalysis> {
      if (!(await repo.findCar(scope, carId))) throw notFound('车辆不存在');
      const deviceId = describingDevice(await repo.devicesOf(carId));
      if (deviceId === null) return { useCarArea: [], listWeek: [], dayList: [], nightList: [] };
      const to = now();
      const weekFrom = to - CAR_ANALYSIS.weekDays * DAY_MS;
      const [stops, moves] = await Promise.all([
        repo.stops(deviceId, to - CAR_ANALYSIS.placeDays * DAY_MS, to),
        repo.moves(deviceId, weekFrom, to),
      ]);
      const weekStops = stops.filter((s) => s.end >= weekFrom);
      const [listWeek, dayList, nightList] = await Promise.all([
        Promise.all(frequentStops(weekStops, weekFrom, to).map(toCommon)),
        Promise.all(workPlaces(stops).map(toCommon)),
        Promise.all(homePlaces(stops).map(toCommon)),
      ]);
      const useCarArea = commonArea(weekStops, moves, weekFrom, to).map((c) => {
        const [gaodeLng, gaodeLat] = toGcj02(c.lng, c.lat);
        return { gaodeLng, gaodeLat, lng: round6(c.lng), lat: round6(c.lat), hours: round1(c.ms / 3_600_000) };
      });
      return { useCarArea, listWeek, dayList, nightList };
    },
  };
}

export type CarAnalysisService = ReturnType<typeof createCarAnalysisService>;
