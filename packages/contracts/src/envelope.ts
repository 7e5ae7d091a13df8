import { z } from 'zod';
import { int } from './fields.js';

export * from './codes.js';

export const PageQuery = z.object({
  pageNumber: int({ min: 1, max: 1_000_000 }).default(1),
  pageSize: int({ min: 1, max: 1000 }).default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

export type PageResult<T> = { list: T[]; count: number };
/** The reply schema of a paged list. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), count: z.number() });
