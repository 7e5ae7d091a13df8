import { DeviceKind } from '@cvrisk/contracts';
import { CarLife } from './car-life.js';
import { homeCity, type HomeCity, type Place } from './cities.js';
import { planEpisodes } from './episodes.js';
import type { FleetSource, SourceCar } from './fleet-source.js';
import { DAY_MS, localDay } from './local-time.js';
import type { CarPlan, FleetPlan, PlannedDevice } from './plan-types.js';
import { flatKm, placeAround } from './geometry.js';
import { hashText, rngOf, Stream } from './seeded.js';

/** Risk points this close to a car's city are places its owner could take it. */
const RISK_POINT_REACH_KM = 40;
/** A car's everyday places keep this far from risk points: only the scripted episodes take it to one. */
const CLEAR_OF_RISK_KM = 0.5;

export type PlanOptions = {
  seed: number;
  /** The plan's "now": history ends here and episodes are placed relative to it. */
  now: number;
  historyDays: number;
};

/**
 * The fleet's lives for one seed: every car's places and habits, its devices, and the scripted
 * risky episodes. Deterministic: the same source, seed and `now` give the same plan.
 */
export function planFleet(source: FleetSource, o: PlanOptions): FleetPlan {
  const start = o.now - o.historyDays * DAY_MS;
  const firstDay = localDay(start);
  const cars: CarPlan[] = [];
  let skippedCars = 0;
  for (const sc of source.cars) {
    const city = homeCity(sc.city);
    if (!city) skippedCars += 1;
    else cars.push(planCar(o.seed, firstDay, sc, city, source));
  }
  const episodes = planEpisodes(o.seed, cars, o.now, firstDay);
  for (const car of cars) for (const d of car.devices) d.effects.alarms.sort((a, b) => a.at - b.at);
  return { seed: o.seed, start, end: o.now, cars, devices: cars.flatMap((c) => c.devices), episodes, skippedCars };
}

function planCar(seed: number, firstDay: number, sc: SourceCar, city: HomeCity, source: FleetSource): CarPlan {
  const r = rngOf(seed, Stream.places, sc.carId);
  const riskPoints = source.riskPoints.filter((p) => flatKm(p, city) <= RISK_POINT_REACH_KM);
  const clear = (make: () => Place) => clearOf(riskPoints, make);
  const home = clear(() => placeAround(r, city, 3, 12));
  const work = r.chance(0.85) ? awayFrom(home, () => clear(() => placeAround(r, city, 0.5, 10)), 2) : null;
  // Everyone's dealer is the same showroom: one place per dealer, not per car.
  const dealerRng = rngOf(seed, Stream.places, 0, sc.dealerId);
  const dealer = clear(() => placeAround(dealerRng, city, 3, 9));
  const shops = Array.from({ length: r.int(2, 4) }, () => clear(() => placeAround(r, home, 0.5, 4)));
  const relatives = clear(() => placeAround(r, home, 5, 15));
  const car: CarPlan = {
    carId: sc.carId,
    dealerId: sc.dealerId,
    financeId: sc.financeId,
    city,
    home,
    work,
    errands: [...shops, relatives, dealer],
    habits: { leaveHour: r.float(7.25, 8.75), workEndHour: r.float(17.3, 19.2), eveningOut: r.float(0.15, 0.45), weekendTrip: r.float(0.03, 0.12) },
    odometerKm: Math.round(r.float(3000, 90000)),
    riskPoints,
    scripts: new Map(),
    devices: [],
    // The life reads the plan it belongs to, so it is attached once the plan exists.
    life: null as unknown as CarLife,
  };
  car.life = new CarLife(seed, firstDay, car);
  car.devices = sc.devices.map((d): PlannedDevice => {
    const key = hashText(d.number);
    const dr = rngOf(seed, Stream.device, key);
    return {
      number: d.number,
      kind: d.kind,
      model: d.model,
      version: d.kind === DeviceKind.wired ? 2013 : 2019,
      car,
      installTime: d.installTime,
      key,
      phaseMs: d.kind === DeviceKind.wired ? dr.int(0, 899) * 1000 : dr.int(1800, 19_800) * 1000,
      battery: { usedAtStart: dr.float(0, 75), perDay: dr.float(0.4, 2) },
      effects: { silences: [], alarms: [], pins: [], blindAreas: [] },
    };
  });
  return car;
}

/** A place clear of every risk point, after a few tries. */
function clearOf(points: readonly Place[], make: () => Place): Place {
  let p = make();
  for (let i = 0; i < 10 && points.some((q) => flatKm(p, q) < CLEAR_OF_RISK_KM); i++) p = make();
  return p;
}

/** A place at least minKm from another (a workplace is not next door), after a few tries. */
function awayFrom(from: Place, make: () => Place, minKm: number): Place {
  let p = make();
  for (let i = 0; i < 5 && flatKm(p, from) < minKm; i++) p = make();
  return p;
}
