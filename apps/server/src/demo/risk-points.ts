import type { RiskPointCategory } from '@cvrisk/contracts';
import type { Insertable, Kysely } from 'kysely';
import type { DB, RiskPointTable } from '../db/schema.js';
import { DAY_MS } from './fleet.js';
import { TRADE_WORDS } from './names.js';
import { pointNear, shortCity, streetAddress } from './places.js';
import type { Rng } from './random.js';
import type { Organisation } from './seed-organisation.js';

/** Name endings as such places call themselves; the city and a trade word go in front. */
const SUFFIXES: Record<RiskPointCategory, string[]> = {
  mortgage: ['押车行', '汽车抵押服务部', '车贷服务中心'],
  pawnshop: ['典当行', '典当有限公司'],
  usedCar: ['二手车交易市场', '二手车市场'],
  dismantling: ['报废汽车回收拆解有限公司', '拆车厂'],
  repair: ['汽车修理厂', '汽修厂'],
  other: ['停车场', '物流园', '汽车租赁公司'],
};

/** A risk point and the dealer whose city it was placed around. */
export type PlacedPoint = { dealerId: number; category: RiskPointCategory; name: string; lng: number; lat: number };

/** Eleven places per dealer city: two of each category, one "other". */
const PER_CITY: RiskPointCategory[] = [
  'mortgage', 'mortgage', 'pawnshop', 'pawnshop', 'usedCar', 'usedCar',
  'dismantling', 'dismantling', 'repair', 'repair', 'other',
];

/**
 * Risk points 3–15 km from each dealer's city centre. Most belong to the finance institution (shared
 * by its dealers); in every city one belongs to the platform (shared by all) and one to the dealer.
 */
export async function insertRiskPoints(trx: Kysely<DB>, rng: Rng, org: Organisation, now: number): Promise<PlacedPoint[]> {
  const rows: Insertable<RiskPointTable>[] = [];
  const placed: PlacedPoint[] = [];
  for (const dealer of org.dealers) {
    const { city } = dealer;
    const words = rng.shuffle(TRADE_WORDS);
    for (const [i, category] of rng.shuffle(PER_CITY).entries()) {
      const owner = i === 0 ? org.rootId : i === 1 ? dealer.id : dealer.financeId;
      const at = pointNear(rng, city, 3, 15);
      const name = shortCity(city) + (words[i] as string) + rng.pick(SUFFIXES[category]);
      placed.push({ dealerId: dealer.id, category, name, ...at });
      rows.push({
        dept_id: owner,
        category,
        name,
        lng: at.lng,
        lat: at.lat,
        address: streetAddress(rng, city),
        created_by: org.deptUser.get(owner) ?? null,
        created_at: now - rng.int(30, 900) * DAY_MS,
      });
    }
  }
  await trx.insertInto('risk_point').values(rows).execute();
  return placed;
}
