import { ALARM_BIT_MAX, ALARM_ITEM_MAX, STANDARD_ALARM_BITS, type AlarmMappingSource } from '@cvrisk/contracts';
import type { MessageKey } from '../../lib/i18n/translate';

/** How the screen writes a bit or item id: bits in decimal, item ids as terminals' documents do (0xE3). */
export const formatAlarmCode = (source: AlarmMappingSource, code: number) =>
  source === 'item' ? `0x${code.toString(16).toUpperCase().padStart(2, '0')}` : String(code);

/** The typed text as a bit or item id, or why it is not one (a message key and its values). */
export function parseAlarmCode(source: AlarmMappingSource, text: string): { code: number } | { error: MessageKey; values?: Record<string, number> } {
  const v = text.trim();
  if (v === '') return { error: 'alarmMapping.codeRequired' };
  if (source === 'item') {
    const hex = /^(0x)?([0-9a-f]{1,2})$/i.exec(v);
    if (!hex || Number.parseInt(hex[2]!, 16) > ALARM_ITEM_MAX) return { error: 'alarmMapping.itemInvalid' };
    return { code: Number.parseInt(hex[2]!, 16) };
  }
  if (!/^\d{1,2}$/.test(v) || Number(v) > ALARM_BIT_MAX) return { error: 'alarmMapping.bitInvalid' };
  if (STANDARD_ALARM_BITS.includes(Number(v))) return { error: 'alarmMapping.bitStandard', values: { bit: Number(v) } };
  return { code: Number(v) };
}
