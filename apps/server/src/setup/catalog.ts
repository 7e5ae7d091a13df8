import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { BRANDS } from '../demo/vehicles.js';

export type CatalogIds = Map<string, { id: number; models: Map<string, number> }>;

/** What installers can be sent to fit: the counts drive how many devices an order expects. */
const INSTALL_PRODUCTS = [
  { product_name: '有线+无线套装', wired_count: 1, wireless_count: 1 },
  { product_name: '单有线', wired_count: 1, wireless_count: 0 },
  { product_name: '单无线', wired_count: 0, wireless_count: 1 },
  { product_name: '双无线', wired_count: 0, wireless_count: 2 },
];

/** Brands, their models and the install products; returns the ids the cars refer to. */
export async function insertCatalog(trx: Kysely<DB>): Promise<CatalogIds> {
  const brands = await trx
    .insertInto('car_brand')
    .values(BRANDS.map((b) => ({ name: b.name, initial: b.initial })))
    .returning(['id', 'name'])
    .execute();
  const brandId = new Map(brands.map((b) => [b.name, b.id]));

  const models = await trx
    .insertInto('car_model')
    .values(BRANDS.flatMap((b) => b.models.map((name) => ({ brand_id: brandId.get(b.name) as number, name }))))
    .returning(['id', 'brand_id', 'name'])
    .execute();

  const ids: CatalogIds = new Map();
  for (const b of BRANDS) {
    const id = brandId.get(b.name) as number;
    ids.set(b.name, { id, models: new Map(models.filter((m) => m.brand_id === id).map((m) => [m.name, m.id])) });
  }

  await trx.insertInto('install_product').values(INSTALL_PRODUCTS).execute();
  return ids;
}
