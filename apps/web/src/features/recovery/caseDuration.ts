import type { Translate } from '../../lib/i18n/translate';

/** Cases open longer than this stand out on the list: the chase has stalled. */
export const LONG_OPEN_HOURS = 72;

/** Minutes as a list column shows them: the two largest units (2天3小时, 5小时12分, 40分钟), enough to compare rows. */
export function caseDuration(minutes: number, t: Translate): string {
  const whole = Math.max(0, Math.floor(minutes));
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  if (days > 0) return t('recovery.days', { days, hours });
  if (hours > 0) return t('recovery.hours', { hours, minutes: whole % 60 });
  return t('recovery.minutes', { minutes: whole });
}
