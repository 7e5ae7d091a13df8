import { DeviceKind } from '@cvrisk/contracts';
import type { Rng } from '../../demo/random.js';
import type { Place } from './cities.js';
import type { Stay } from './day-program.js';
import type { Episode } from './episode-types.js';
import type { SourceRiskPoint } from './fleet-source.js';
import { atHour, HOUR_MS, MINUTE_MS } from './local-time.js';
import type { CarPlan, Leg, PlannedDevice } from './plan-types.js';
import { flatKm, placeAround } from './geometry.js';

/**
 * Each function below writes one episode into a car's plan (the legs of the days it takes over, and
 * what it does to the devices), and returns how to describe it once the car's days can be built:
 * the episode's times are read from the days themselves, so the description is exact.
 */
export type Draft = () => Episode;

export type ScriptContext = { car: CarPlan; day: number; rng: Rng; id: string };

const wiredOf = (car: CarPlan) => car.devices.find((d) => d.kind === DeviceKind.wired);
const wirelessOf = (car: CarPlan) => car.devices.find((d) => d.kind === DeviceKind.wireless);
const listed = (devices: PlannedDevice[]) => devices.map((d) => ({ number: d.number, kind: d.kind }));
const placeOf = (p: Place) => ({ lng: p.lng, lat: p.lat });
const about = (c: ScriptContext) => ({ id: c.id, carId: c.car.carId, dealerId: c.car.dealerId, financeId: c.car.financeId });

function script(car: CarPlan, day: number, legs: Leg[]): void {
  if (car.scripts.has(day)) throw new Error(`car ${car.carId} already has a script for day ${day}`);
  car.scripts.set(day, legs);
}

function stays(car: CarPlan, day: number): Stay[] {
  return car.life.day(day).segments.filter((s): s is Stay => !s.drive);
}

function stayNear(car: CarPlan, day: number, place: Place): Stay {
  const s = stays(car, day).find((x) => x.arrival && flatKm(x, place) < 0.2);
  if (!s) throw new Error(`car ${car.carId} never reached the episode's place on day ${day}`);
  return s;
}

/** `underground`: the stay is in a yard's underground garage, out of coverage (a blind area); by default a repeated visit is. */
export function riskPointStay(c: ScriptContext, point: SourceRiskPoint, repeatOf?: string, underground = repeatOf !== undefined): Draft {
  const { car, day, rng } = c;
  // Parking bays add up to 30 m more: the car always ends up within 100 m of the point.
  const spot = placeAround(rng, point, 0.02, 0.065);
  const from = rng.float(9.5, 14.5);
  const hours = Math.min(rng.float(1, 6), 20.5 - from);
  script(car, day, [{ place: car.home, until: atHour(day, from) }, { place: spot, stayMs: hours * HOUR_MS }, { place: car.home }]);
  return () => {
    const s = stayNear(car, day, spot);
    if (underground) for (const d of car.devices) d.effects.blindAreas.push({ from: s.t0, to: s.t1 });
    return {
      ...about(c), kind: 'riskPointStay', devices: listed(car.devices), start: s.t0, end: s.t1,
      place: { ...placeOf(point), name: point.name }, riskPointId: point.id, ...(repeatOf ? { repeatOf } : {}), ...(underground ? { blindArea: true as const } : {}),
    };
  };
}

/** At night, parked: alarm bit 8 (main power lost), then silence for a day or two, or for good. */
export function powerCut(c: ScriptContext, forGood: boolean, follows?: string): Draft {
  const { car, day, rng } = c;
  const wired = wiredOf(car)!;
  const at = atHour(day, rng.float(1.5, 3.5));
  const back = forGood ? Infinity : at + Math.round(rng.float(26, 60) * 60) * MINUTE_MS;
  wired.effects.alarms.push({ at, bits: 1 << 8 });
  wired.effects.silences.push({ from: at + 1000, to: back });
  return () => ({
    ...about(c), kind: 'powerCut', devices: listed([wired]), start: at, end: forGood ? null : back,
    place: placeOf(car.life.stateAt(at)), ...(follows ? { follows } : {}),
  });
}

/** A tamper alarm (case opened, light sensor), then nothing ever again. */
export function removal(c: ScriptContext): Draft {
  const { car, day, rng } = c;
  const wireless = wirelessOf(car);
  const device = wireless && rng.chance(0.4) ? wireless : wiredOf(car) ?? wireless!;
  const at = atHour(day, rng.float(0.5, 4));
  device.effects.alarms.push({ at, bits: device.kind === DeviceKind.wired ? 1 << 16 : 1 << 17 });
  device.effects.silences.push({ from: at + 1000, to: Infinity });
  return () => ({ ...about(c), kind: 'removal', devices: listed([device]), start: at, end: null, place: placeOf(car.life.stateAt(at)) });
}

/** A drive to a city of another province, two or three nights there, and home again. */
export function leaveProvince(c: ScriptContext, nights: number): Draft {
  const { car, day, rng } = c;
  const city = rng.pick(car.city.away);
  const hotel = placeAround(rng, city, 1, 5);
  script(car, day, [{ place: car.home, until: atHour(day, rng.float(7, 8.5)) }, { place: hotel }]);
  for (let k = 1; k < nights; k++) {
    const sights = placeAround(rng, hotel, 2, 8);
    script(car, day + k, [{ place: hotel, until: atHour(day + k, rng.float(9, 10.5)) }, { place: sights, stayMs: rng.float(1, 3) * HOUR_MS }, { place: hotel }]);
  }
  script(car, day + nights, [{ place: hotel, until: atHour(day + nights, rng.float(8, 10)) }, { place: car.home }]);
  return () => ({
    ...about(c), kind: 'leaveProvince', devices: listed(car.devices),
    start: stayNear(car, day, hotel).t0, end: stays(car, day + nights)[0]!.t1,
    place: { ...placeOf(hotel), city: city.city, province: city.province },
  });
}

/** Every device silent for two to four days (an underground garage, a trip away); the car stays home. */
export function offline(c: ScriptContext): Draft {
  const { car, day, rng } = c;
  const from = atHour(day, rng.float(0.5, 5));
  const to = from + Math.round(rng.float(50, 94) * 60) * MINUTE_MS;
  for (let d = day; d <= day + Math.ceil((to - from) / (24 * HOUR_MS)); d++) script(car, d, [{ place: car.home }]);
  for (const d of car.devices) d.effects.silences.push({ from, to });
  return () => ({ ...about(c), kind: 'offline', devices: listed(car.devices), start: from, end: to, place: placeOf(car.life.stateAt(from)) });
}

/** The wireless tracker is left at home while the car moves 9–15 km away for days. */
export function separation(c: ScriptContext, days: number): Draft {
  const { car, day, rng } = c;
  const base = placeAround(rng, car.home, 9, 15);
  script(car, day, [{ place: car.home, until: atHour(day, rng.float(8, 10)) }, { place: base }]);
  for (let k = 1; k < days; k++) {
    const nearby = placeAround(rng, base, 0.5, 1.5);
    script(car, day + k, [{ place: base, until: atHour(day + k, rng.float(10, 15)) }, { place: nearby, stayMs: rng.int(40, 120) * MINUTE_MS }, { place: base }]);
  }
  script(car, day + days, [{ place: base, until: atHour(day + days, rng.float(9, 11)) }, { place: car.home }]);
  return () => {
    const leftAt = stays(car, day)[0]!;
    const back = stays(car, day + days);
    const left = { lng: leftAt.lng, lat: leftAt.lat };
    wirelessOf(car)!.effects.pins.push({ from: leftAt.t1, to: back[back.length - 1]!.t0, place: left });
    return {
      ...about(c), kind: 'separation', devices: listed(car.devices),
      start: stayNear(car, day, base).t0, end: back[0]!.t1, place: left, to: placeOf(base),
    };
  };
}

/**
 * The wired device goes silent at home; the car is driven 16–28 km away meanwhile, and the device
 * reports again from there hours later.
 */
export function abnormalMove(c: ScriptContext): Draft {
  const { car, day, rng } = c;
  const wired = wiredOf(car)!;
  const setOff = rng.float(9.5, 13.5);
  const far = placeAround(rng, car.home, 16, 28);
  const from = atHour(day, setOff) - rng.int(15, 40) * MINUTE_MS;
  const to = atHour(day, setOff) + Math.round(rng.float(2, 5) * 60) * MINUTE_MS;
  script(car, day, [{ place: car.home, until: atHour(day, setOff) }, { place: far }]);
  script(car, day + 1, [{ place: far, until: atHour(day + 1, rng.float(9, 11)) }, { place: car.home }]);
  wired.effects.silences.push({ from, to });
  return () => ({
    ...about(c), kind: 'abnormalMove', devices: listed([wired]), start: from, end: to,
    place: placeOf(car.life.stateAt(from - 1000)), to: placeOf(car.life.stateAt(to)),
  });
}
