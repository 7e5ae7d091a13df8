import type { Rng } from '../../demo/random.js';
import type { Place } from './cities.js';
import { atHour, HOUR_MS, isWeekend, MINUTE_MS } from './local-time.js';
import type { CarPlan, Leg } from './plan-types.js';
import { placeAround } from './geometry.js';
import { rngOf, Stream } from './seeded.js';

const same = (a: Place, b: Place) => a.lng === b.lng && a.lat === b.lat;
const errand = (rng: Rng, car: CarPlan): Place => rng.pickSkewed(car.errands, 1.6);
const minutes = (rng: Rng, min: number, max: number) => rng.int(min, max) * MINUTE_MS;

/**
 * An ordinary day: to work and back on weekdays with an errand some evenings, shopping, visits or a
 * day trip to a nearby city at weekends; home by about 21:30 every night. A day that begins away
 * from home (after an episode) just comes home.
 */
export function routineLegs(seed: number, car: CarPlan, day: number, start: Place): Leg[] {
  const rng = rngOf(seed, Stream.day, car.carId, day);
  const h = car.habits;
  if (!same(start, car.home)) return [{ place: start, until: atHour(day, rng.float(8.5, 10.5)) }, { place: car.home }];

  if (!isWeekend(day) && car.work) {
    const legs: Leg[] = [{ place: car.home, until: atHour(day, h.leaveHour + rng.float(-0.25, 0.25)) }];
    if (rng.chance(0.12)) {
      legs.push({ place: car.work, until: atHour(day, rng.float(11.7, 12.2)) }, { place: errand(rng, car), stayMs: minutes(rng, 35, 70) });
    }
    legs.push({ place: car.work, until: atHour(day, h.workEndHour + rng.float(-0.3, 0.3)) });
    if (rng.chance(h.eveningOut)) legs.push({ place: errand(rng, car), stayMs: minutes(rng, 20, 80) });
    else if (rng.chance(0.1)) legs.push({ place: car.home, until: atHour(day, rng.float(19.8, 20.2)) }, { place: errand(rng, car), stayMs: minutes(rng, 30, 60) });
    legs.push({ place: car.home });
    return legs;
  }

  const r = rng.next();
  if (r < 0.2) return [{ place: car.home }];
  if (isWeekend(day) && r < 0.2 + h.weekendTrip) {
    const town = placeAround(rng, rng.pick(car.city.near), 0.5, 4);
    return [
      { place: car.home, until: atHour(day, rng.float(7.5, 9)) },
      { place: town, stayMs: rng.float(3, 6) * HOUR_MS },
      { place: car.home },
    ];
  }
  const legs: Leg[] = [{ place: car.home, until: atHour(day, rng.float(9, 11)) }];
  const outings = rng.int(1, 3);
  for (let i = 0; i < outings; i++) {
    legs.push({ place: errand(rng, car), stayMs: minutes(rng, 30, 120) });
    if (i < outings - 1 && rng.chance(0.4)) legs.push({ place: car.home, stayMs: minutes(rng, 60, 120) });
  }
  legs.push({ place: car.home });
  return legs;
}
