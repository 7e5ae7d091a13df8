import { z } from 'zod';
import { parseTime } from './time.js';

/** An optional filter text: trimmed, bounded, and '' treated as absent (antd forms send ''). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `最多${max}个字符`)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
export const TimeText = z.string().refine((v) => parseTime(v) !== null, '时间格式应为 YYYY-MM-DD HH:mm:ss');
