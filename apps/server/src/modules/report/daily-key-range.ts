import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** A daily row's place in a report's order: the ordering column's value, then its device and day (both newest first). */
export type OrderKey = { figure: number; device_id: number; day: number };

/**
 * The daily rows (`dd`) from `first` to `last`, both included, in the order `field` (ascending or
 * descending), then device and day newest first: an export's page of thousands, found by its first
 * and last keys on the daily rows alone, so only its own rows are joined and sorted rather than every
 * row before it as well. Written out term by term because the directions differ (no row comparison).
 */
export function betweenKeys(field: string, desc: boolean, first: OrderKey, last: OrderKey): RawBuilder<SqlBool> {
  const v = sql.ref(`dd.${field}`);
  const [before, after] = desc ? [sql.raw('>'), sql.raw('<')] : [sql.raw('<'), sql.raw('>')];
  const atOrAfter = (k: OrderKey) =>
    sql`(${v} ${after} ${k.figure} or (${v} = ${k.figure} and (dd.device_id < ${k.device_id} or (dd.device_id = ${k.device_id} and dd.day <= ${k.day}))))`;
  const atOrBefore = (k: OrderKey) =>
    sql`(${v} ${before} ${k.figure} or (${v} = ${k.figure} and (dd.device_id > ${k.device_id} or (dd.device_id = ${k.device_id} and dd.day >= ${k.day}))))`;
  return sql<SqlBool>`(${atOrAfter(first)} and ${atOrBefore(last)})`;
}
