import { z } from 'zod';
import { PageQuery } from './envelope.js';

export const CarBrandListQuery = PageQuery.extend({
  brandName: z.string().trim().max(50).optional(),
});
export type CarBrandListQuery = z.infer<typeof CarBrandListQuery>;

export type CarBrand = { id: number; brandName: string; initial: string; models: { id: number; modelName: string }[] };

/** An install product (console-spec §3 "Product"); counts say what one install puts in a car. */
export type Product = { id: number; productName: string; wiredCount: number; wirelessCount: number };
