import { DeviceKind, type FenceAlarmOn } from '@cvrisk/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { DAY_MS } from './fleet.js';
import { offsetKm, shortCity } from './places.js';
import type { Rng } from './random.js';
import type { PlacedPoint } from './risk-points.js';
import type { FittedDevice } from './seed-fleet.js';
import type { Organisation } from './seed-organisation.js';

type FencePlan = { name: string; shape: 'circle' | 'polygon'; geometry: object; alarmOn: FenceAlarmOn; bound: number };

/** A rough hexagon 1.2–2 km around the given point, as an operator would click one on the map. */
function hexagon(rng: Rng, centre: { lng: number; lat: number }): number[][] {
  return Array.from({ length: 6 }, (_, k) => {
    const angle = (k * Math.PI) / 3 + rng.float(-0.2, 0.2);
    const km = rng.float(1.2, 2);
    const p = offsetKm(centre, km * Math.sin(angle), km * Math.cos(angle));
    return [p.lng, p.lat];
  });
}

/**
 * At each institution's first dealer: a city-wide circle that alarms when a car leaves (or, at the
 * second institution, on any crossing), and a no-go polygon around one of the city's used-car
 * markets, where financed cars get sold on.
 */
export async function insertFences(
  trx: Kysely<DB>, rng: Rng, org: Organisation, fitted: FittedDevice[], points: PlacedPoint[], now: number,
): Promise<number> {
  let count = 0;
  for (const [fi, f] of org.finance.entries()) {
    const dealer = f.dealers[0];
    if (!dealer) continue;
    const city = shortCity(dealer.city);
    const market = points.find((p) => p.dealerId === dealer.id && p.category === 'usedCar');
    if (!market) throw new Error(`no used-car market near ${dealer.spec.name}`);
    const plans: FencePlan[] = [
      {
        name: `${city}市区围栏`, shape: 'circle', alarmOn: fi === 0 ? 'out' : 'both', bound: 8,
        geometry: { lng: dealer.city.lng, lat: dealer.city.lat, radius: 25_000 },
      },
      {
        name: `${market.name}周边`, shape: 'polygon', alarmOn: 'in', bound: 5,
        geometry: { points: hexagon(rng, market) },
      },
    ];
    // Ids follow insertion order, so the lowest ids are the same devices on every run.
    const wired = fitted.filter((d) => d.dealerId === dealer.id && d.kind === DeviceKind.wired).sort((a, b) => a.id - b.id);
    let next = 0;
    for (const p of plans) {
      const createdAt = now - rng.int(10, 200) * DAY_MS;
      const { id } = await trx
        .insertInto('fence')
        .values({ dept_id: dealer.id, name: p.name, shape: p.shape, geometry: JSON.stringify(p.geometry), alarm_on: p.alarmOn, created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const devices = wired.slice(next, next + p.bound);
      next += p.bound;
      if (devices.length > 0) {
        await trx
          .insertInto('fence_binding')
          .values(devices.map((d) => ({ fence_id: id, device_id: d.id, created_at: createdAt + rng.int(0, 3) * DAY_MS })))
          .execute();
      }
      count += 1;
    }
  }
  return count;
}
