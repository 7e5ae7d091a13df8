import { shanghaiHour } from '@cvrisk/contracts';
import type { MessageKey } from '../../lib/i18n/translate';

/**
 * console-spec §2: before 8 早上好, until 11 上午好, until 13 中午好, before 18 下午好, else 晚上好.
 * "Until" takes the hour in ("before" does not): 11:xx is still 上午好 and 13:xx still 中午好.
 */
export function greetingKey(hour: number): MessageKey {
  if (hour < 8) return 'greet.morning';
  if (hour <= 11) return 'greet.forenoon';
  if (hour <= 13) return 'greet.noon';
  if (hour < 18) return 'greet.afternoon';
  return 'greet.evening';
}

/** The staff work on China time whatever the browser's zone says. */
export function greetingKeyAt(epochMs: number): MessageKey {
  return greetingKey(shanghaiHour(epochMs));
}
