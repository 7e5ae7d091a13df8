import type { Db } from '../../db/database.js';
import { compileAlarmMapping, type AlarmMapping, type AlarmMappingRule } from './alarm-mapping.js';

/**
 * Each process reads the mapping again this long after it last did. The process that saves a change
 * reads it at once; in scale mode the other processes (the workers that apply it) within this time.
 */
export const ALARM_MAPPING_TTL_MS = 30_000;

/**
 * The per-model alarm mapping as the pipeline applies it, read from `alarm_mapping` (a few dozen
 * rows) when a batch needs it and the copy is older than the TTL: no timer to stop, and an idle
 * process reads nothing.
 */
export function createAlarmMappingCache(db: Db, now: () => number = Date.now) {
  let mapping: AlarmMapping | null = null;
  let readAt = -Infinity;
  let reading: Promise<AlarmMapping> | null = null;
  /** Raised by each change: a read that began before it does not count as fresh. */
  let changes = 0;

  async function read(): Promise<AlarmMapping> {
    const rows = await db.selectFrom('alarm_mapping').select(['model', 'source', 'code', 'alarm_type']).execute();
    return compileAlarmMapping(rows.map((r): AlarmMappingRule => ({ model: r.model, source: r.source === 'item' ? 'item' : 'bit', code: r.code, alarmType: r.alarm_type })));
  }

  return {
    /**
     * The mapping in force. When it cannot be read again, the copy held is used (and read again at the
     * next batch): positions must not wait on it. Rejects only when there is no copy yet.
     */
    async current(): Promise<AlarmMapping> {
      if (mapping && now() - readAt < ALARM_MAPPING_TTL_MS) return mapping;
      const seen = changes;
      reading ??= read()
        .then((m) => {
          mapping = m;
          if (seen === changes) readAt = now();
          return m;
        })
        .catch((err: unknown) => {
          if (mapping) return mapping;
          throw err;
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    },
    /** This process changed the mapping: the next batch reads it again. */
    invalidate(): void {
      changes += 1;
      readAt = -Infinity;
    },
  };
}

export type AlarmMappingCache = ReturnType<typeof createAlarmMappingCache>;
