import { MAPPED_ALARM_TYPES, STANDARD_ALARM_BITS } from '@cvrisk/contracts';
import { modelAlarmBit } from './alarm-mapping.js';

/**
 * A report's alarms as stored: the terminal's alarm word, and the mapped alarms (`model_alarms`) the
 * model's mapping found in it when the report was received (alarm-mapping.ts).
 */
export type Alarms = { word: number; model: number };

/** Alarm types of a report: standard bits keep their number; mapped alarms are 100–103. */
export function alarmTypesOf(a: Alarms): Set<number> {
  const types = new Set<number>();
  for (const bit of STANDARD_ALARM_BITS) if (a.word & (1 << bit)) types.add(bit);
  for (const t of MAPPED_ALARM_TYPES) if (a.model & modelAlarmBit(t)) types.add(t);
  return types;
}

/** Alarm types that turned on and off between two reports. */
export function alarmEdges(before: Alarms, after: Alarms): { opened: number[]; closed: number[] } {
  const was = alarmTypesOf(before);
  const now = alarmTypesOf(after);
  return { opened: [...now].filter((t) => !was.has(t)), closed: [...was].filter((t) => !now.has(t)) };
}
