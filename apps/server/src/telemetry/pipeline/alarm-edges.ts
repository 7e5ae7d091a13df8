import { STANDARD_ALARM_BITS } from '@cvrisk/contracts';

/**
 * Alarm types for a terminal's alarm word. Standard bits map to themselves; bits 16–17, reserved by
 * the standard, are read as tampering on the common wired models (as traccar reads them).
 */
export function alarmTypesOf(word: number, model: string): Set<number> {
  const types = new Set<number>();
  for (const bit of STANDARD_ALARM_BITS) if (word & (1 << bit)) types.add(bit);
  if (TAMPER_BIT_MODELS.has(model) && word & ((1 << 16) | (1 << 17))) types.add(100);
  return types;
}

const TAMPER_BIT_MODELS = new Set(['GT06N', 'JM-VL03', 'KM-02', 'AT4', 'ZX-W20', 'LK-900']);

/** Alarm types that turned on and off between two alarm words. */
export function alarmEdges(before: number, after: number, model: string): { opened: number[]; closed: number[] } {
  const was = alarmTypesOf(before, model);
  const now = alarmTypesOf(after, model);
  return { opened: [...now].filter((t) => !was.has(t)), closed: [...was].filter((t) => !now.has(t)) };
}
