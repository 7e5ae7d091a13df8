import type { CarBrand, CarBrandListQuery, PageResult, Product } from '@cvrisk/contracts';
import type { createCatalogRepository } from './catalog.repository.js';

export function createCatalogService(repo: ReturnType<typeof createCatalogRepository>) {
  return {
    async brands(q: CarBrandListQuery): Promise<PageResult<CarBrand>> {
      const { rows, count } = await repo.brandPage(q.brandName, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      const models = await repo.modelsOf(rows.map((r) => r.id));
      const list = rows.map((b) => ({
        id: b.id,
        brandName: b.name,
        initial: b.initial,
        models: models.filter((m) => m.brand_id === b.id).map((m) => ({ id: m.id, modelName: m.name })),
      }));
      return { list, count };
    },
    async products(): Promise<Product[]> {
      const rows = await repo.products();
      return rows.map((r) => ({ id: r.id, productName: r.product_name, wiredCount: r.wired_count, wirelessCount: r.wireless_count }));
    },
  };
}
