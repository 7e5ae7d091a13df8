import type { Db } from '../../db/database.js';

/** Brands, models and install products are one catalogue shared by every department. */
export function createCatalogRepository(db: Db) {
  return {
    async brandPage(name: string | undefined, offset: number, limit: number) {
      let q = db.selectFrom('car_brand');
      if (name) q = q.where('name', 'like', `%${name}%`);
      const [rows, total] = await Promise.all([
        q.select(['id', 'name', 'initial']).orderBy('initial').orderBy('id').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: Number(total.n) };
    },
    modelsOf(brandIds: number[]) {
      if (brandIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('car_model').select(['id', 'brand_id', 'name']).where('brand_id', 'in', brandIds).orderBy('id').execute();
    },
    products() {
      return db.selectFrom('install_product').select(['id', 'product_name', 'wired_count', 'wireless_count']).orderBy('id').execute();
    },
  };
}
