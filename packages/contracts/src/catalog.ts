import { z } from 'zod';
import { defineCall } from './api/call.js';
import { PageQuery, pageOf } from './envelope.js';
import { optionalText } from './fields.js';

const TAG = '基础资料';

export const CarBrandListQuery = PageQuery.extend({
  brandName: optionalText(50),
});
export type CarBrandListQuery = z.infer<typeof CarBrandListQuery>;

export const CarBrand = z.object({
  id: z.number(),
  brandName: z.string(),
  initial: z.string(),
  models: z.array(z.object({ id: z.number(), modelName: z.string() })),
});
export type CarBrand = z.infer<typeof CarBrand>;

/** An install product (console-spec §3 "Product"); counts say what one install puts in a car. */
export const Product = z.object({ id: z.number(), productName: z.string(), wiredCount: z.number(), wirelessCount: z.number() });
export type Product = z.infer<typeof Product>;

export const CatalogCalls = {
  brands: defineCall({
    method: 'GET',
    path: '/api/carBrand/getList',
    summary: '车辆品牌及其车型，分页',
    tag: TAG,
    access: 'signedIn',
    query: CarBrandListQuery,
    reply: pageOf(CarBrand),
  }),
  // The console calls the product list by both names (console-spec §7).
  products: defineCall({
    method: 'GET',
    path: '/pd/install/product/allProducts',
    summary: '全部安装产品',
    tag: TAG,
    access: 'signedIn',
    reply: z.array(Product),
  }),
  productsList: defineCall({
    method: 'GET',
    path: '/pd/install/product/getAllProductsList',
    summary: '全部安装产品（同 allProducts）',
    tag: TAG,
    access: 'signedIn',
    reply: z.array(Product),
  }),
};
