import type { ZodType } from 'zod';
import { badInput, describeZodError } from './errors.js';

/** Parse a request part with a contract schema; any mismatch is a 400 that names the fields. */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw badInput(describeZodError(r.error));
  return r.data;
}
