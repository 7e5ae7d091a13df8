import type { DeviceKind } from '@cvrisk/contracts';
import type { Rng } from '../../demo/random.js';
import * as scripts from './episode-scripts.js';
import type { Draft, ScriptContext } from './episode-scripts.js';
import type { Episode, EpisodeKind } from './episode-types.js';
import { localDay } from './local-time.js';
import type { CarPlan } from './plan-types.js';
import { rngOf, Stream } from './seeded.js';

type Kind = EpisodeKind | 'compound';

const has = (car: CarPlan, kind: DeviceKind) => car.devices.some((d) => d.kind === kind);

/**
 * What share of the cars get each episode (about 11 % in all, one kind per car), what a car needs
 * for it, and whether its first instance falls yesterday, so a fresh console has fresh risky cars.
 */
const CATALOGUE: { kind: Kind; share: number; fits: (car: CarPlan) => boolean; recent: boolean }[] = [
  { kind: 'riskPointStay', share: 0.025, fits: (c) => c.riskPoints.length > 0, recent: true },
  { kind: 'powerCut', share: 0.015, fits: (c) => has(c, 1), recent: true },
  { kind: 'removal', share: 0.012, fits: () => true, recent: false },
  { kind: 'leaveProvince', share: 0.015, fits: (c) => c.city.away.length > 0, recent: true },
  { kind: 'offline', share: 0.015, fits: () => true, recent: false },
  { kind: 'separation', share: 0.012, fits: (c) => has(c, 1) && has(c, 2), recent: true },
  { kind: 'abnormalMove', share: 0.012, fits: (c) => has(c, 1), recent: false },
  // A risk-point stay, then within 72 h a power cut: the case operators must see first.
  { kind: 'compound', share: 0.008, fits: (c) => c.riskPoints.length > 0 && has(c, 1), recent: true },
];

/**
 * Picks the episode cars and writes their episodes into the plan. Cars are taken dealer by dealer,
 * first finance institution first, so every dealer gets risky cars and each of the first
 * institution's dealers gets one of each kind once the fleet is large enough. Episodes are spread
 * over the history, the earliest starting three days after it begins.
 */
export function planEpisodes(seed: number, cars: CarPlan[], now: number, firstDay: number): Episode[] {
  const today = localDay(now);
  const span = Math.max(1, today - firstDay - 3);
  const chosen = pickCars(rngOf(seed, Stream.episodes, 0), cars);
  const drafts: Draft[] = [];
  CATALOGUE.forEach(({ kind, recent }, k) => {
    const list = chosen.get(kind) ?? [];
    list.forEach((car, i) => {
      const back = 1 + Math.floor(((i + (recent ? 0 : 0.5)) / list.length) * span);
      // A short history squeezes every episode into it, none before its first day.
      const day = Math.max(firstDay, today - back);
      const c: ScriptContext = { car, day, rng: rngOf(seed, Stream.episodes, car.carId, k + 1), id: `${kind}-${i + 1}` };
      drafts.push(...draft(kind, c, i === 0 && recent, firstDay));
    });
  });
  return drafts.map((d) => d()).sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
}

function draft(kind: Kind, c: ScriptContext, recent: boolean, firstDay: number): Draft[] {
  const { car, rng } = c;
  switch (kind) {
    case 'riskPointStay': {
      const point = rng.pick(car.riskPoints);
      const first = scripts.riskPointStay(c, point);
      const out = [first];
      // Some cars go back to the same place: a car being valued, then handed over.
      const again = recent ? 1 : rng.chance(0.4) ? rng.int(1, 2) : 0;
      let day = c.day;
      for (let n = 1; n <= again; n++) {
        day += rng.int(1, 2);
        out.push(scripts.riskPointStay({ ...c, day, id: `${c.id}${String.fromCharCode(96 + n + 1)}` }, point, c.id));
      }
      return out;
    }
    case 'powerCut':
      return [scripts.powerCut(c, recent || rng.chance(0.35))];
    case 'removal':
      return [scripts.removal(c)];
    case 'leaveProvince':
      return [scripts.leaveProvince(c, rng.int(2, 3))];
    case 'offline':
      return [scripts.offline(c)];
    case 'separation':
      return [scripts.separation(c, recent ? 3 : rng.int(2, 4))];
    case 'abnormalMove':
      return [scripts.abnormalMove(c)];
    case 'compound': {
      const stayDay = recent ? Math.max(firstDay, c.day - 1) : c.day;
      const point = rng.pick(car.riskPoints);
      // Underground, out of coverage: the power cut after it finds a stay that was judged late.
      const stay = scripts.riskPointStay({ ...c, day: stayDay, id: `${c.id}-stay` }, point, undefined, true);
      const cut = scripts.powerCut({ ...c, day: stayDay + rng.int(1, 2), id: `${c.id}-cut` }, rng.chance(0.6), `${c.id}-stay`);
      return [stay, cut];
    }
  }
}

function pickCars(rng: Rng, cars: CarPlan[]): Map<Kind, CarPlan[]> {
  const byDealer = new Map<number, CarPlan[]>();
  for (const car of cars) byDealer.set(car.dealerId, [...(byDealer.get(car.dealerId) ?? []), car]);
  const order = [...byDealer.entries()]
    .sort(([a, ca], [b, cb]) => (ca[0]!.financeId ?? Infinity) - (cb[0]!.financeId ?? Infinity) || a - b)
    .map(([, list]) => rng.shuffle(list));
  const used = new Set<CarPlan>();
  const out = new Map<Kind, CarPlan[]>();
  for (const { kind, share, fits } of CATALOGUE) {
    const wanted = Math.max(1, Math.round(cars.length * share));
    const list: CarPlan[] = [];
    for (let i = 0; i < wanted; i++) {
      for (let j = 0; j < order.length; j++) {
        const car = order[(i + j) % order.length]!.find((x) => !used.has(x) && fits(x));
        if (car) {
          used.add(car);
          list.push(car);
          break;
        }
      }
    }
    out.set(kind, list);
  }
  return out;
}
