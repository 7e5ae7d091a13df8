import { FIRST_MAPPED_ALARM_TYPE, type AlarmMappingSource } from '@cvrisk/contracts';

/** One row of `alarm_mapping` as the pipeline applies it. */
export type AlarmMappingRule = { model: string; source: AlarmMappingSource; code: number; alarmType: number };

/** A model's rules, ready for every report: the bits as one mask each, the items by id. */
type ModelRules = { bits: { mask: number; alarm: number }[]; items: Map<number, number> };

/** The whole mapping, by model (exactly as the device record spells it). */
export type AlarmMapping = ReadonlyMap<string, ModelRules>;

export const NO_MAPPING: AlarmMapping = new Map();

/** The mask bit of a mapped alarm type: type 100 + i is bit i. */
export const modelAlarmBit = (alarmType: number) => 1 << (alarmType - FIRST_MAPPED_ALARM_TYPE);

export function compileAlarmMapping(rules: readonly AlarmMappingRule[]): AlarmMapping {
  const byModel = new Map<string, ModelRules>();
  for (const r of rules) {
    let m = byModel.get(r.model);
    if (!m) byModel.set(r.model, (m = { bits: [], items: new Map() }));
    const alarm = modelAlarmBit(r.alarmType);
    if (r.source === 'bit') m.bits.push({ mask: 2 ** r.code, alarm });
    else m.items.set(r.code, (m.items.get(r.code) ?? 0) | alarm);
  }
  return byModel;
}

/**
 * The mapped alarms a report carries, as a mask (bit i = type 100 + i): its model's reserved bits set
 * in the alarm word, and its model's additional items that are on (`alarmItems`: ids of the items
 * with a nonzero byte). A model without rules carries none, whatever its bits say.
 */
export function modelAlarmsOf(mapping: AlarmMapping, model: string, alarmWord: number, alarmItems: readonly number[] | undefined): number {
  const m = mapping.get(model);
  if (!m) return 0;
  let mask = 0;
  // `>>> 0` keeps bit 31 positive, as the mask of bit 31 (2 ** 31) is.
  const word = alarmWord >>> 0;
  for (const b of m.bits) if ((word & b.mask) >>> 0 === b.mask) mask |= b.alarm;
  if (alarmItems) for (const id of alarmItems) mask |= m.items.get(id) ?? 0;
  return mask;
}
