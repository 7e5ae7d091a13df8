import { z } from 'zod';
import { parseTime } from './time.js';

const missing = (input: unknown) => input === undefined || input === null || input === '';

/** A whole number as JSON gives it, or as a query string does: digits only, no sign padding, hex or exponent. */
const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/;

/**
 * An integer within bounds, strict: `true`, `"0x10"`, `" 12 "`, `"1e3"` and `12.5` are refused (they
 * were once taken for 1, 16, 12 and 1000). A query string's `"12"` is 12. Bounds are checked before
 * integrality so a huge number is told it is too large, not that it is not an integer.
 */
export function int(bounds: { min: number; max: number }) {
  const { min, max } = bounds;
  // Typed as taking a number: the console sends numbers, and only the query string's text is read here.
  return z
    .preprocess<unknown, z.ZodNumber, number>(
      (v) => (typeof v === 'string' && INTEGER_TEXT.test(v) ? Number(v) : v),
      z.number({ error: (iss) => (missing(iss.input) ? '不能为空' : '应为整数') }).min(min, `不能小于${min}`).max(max, `不能大于${max}`).int('应为整数'),
    )
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** A decimal number as JSON gives it, or as a query string does (`"120.5"`, not `" 120.5 "` or `"0x10"`). */
const DECIMAL_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** A number within bounds (a coordinate, a distance), strict as `int` is. */
export function decimal(bounds: { min: number; max: number }) {
  const { min, max } = bounds;
  return z
    .preprocess<unknown, z.ZodNumber, number>(
      (v) => (typeof v === 'string' && DECIMAL_TEXT.test(v) ? Number(v) : v),
      z.number({ error: (iss) => (missing(iss.input) ? '不能为空' : '应为数字') }).min(min, `不能小于${min}`).max(max, `不能大于${max}`),
    )
    .meta({ type: 'number', minimum: min, maximum: max });
}

/** A database id: a positive integer. */
export const id = () => int({ min: 1, max: 2_147_483_647 });

/** A query-string or form value left empty ('' or null) is absent. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional filter that a form may send empty. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess<unknown, z.ZodOptional<T>, z.input<T> | '' | null | undefined>(blankToUndefined, schema.optional());

/** An optional filter text: trimmed, bounded, and '' treated as absent (antd forms send ''). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `最多${max}个字符`)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
/** Meta flag of a default computed at each call (a date): the API document states no value for it. */
export const DYNAMIC_DEFAULT = 'x-dynamic-default';

export const TimeText = z.string().refine((v) => parseTime(v) !== null, '时间格式应为 YYYY-MM-DD HH:mm:ss');

/**
 * A `superRefine` for a pair of optional times: the begin may equal the end, not follow it. The
 * issue names the begin field, so a list screen drops just that filter from a stale address.
 */
export function timeRangeInOrder<K extends string>(begin: K, end: K, message: string) {
  return (q: { [P in K]?: string | undefined }, ctx: z.RefinementCtx): void => {
    const from = q[begin] ? parseTime(q[begin]) : null;
    const to = q[end] ? parseTime(q[end]) : null;
    if (from !== null && to !== null && from > to) ctx.addIssue({ code: 'custom', path: [begin], message });
  };
}
