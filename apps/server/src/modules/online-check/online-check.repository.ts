import { COMMAND_IDS } from '@cvrisk/contracts';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { stateCondition } from '../device/device-state.js';

/** The devices a check covers, already told apart by the service. */
export type DeviceSet = { kind: 'numbers'; numbers: string[] } | { kind: 'dealer'; deptId: number } | { kind: 'all' };

/** Online as the rest of the product has it: moving or parked, that is reported within the kind's grace. */
const online = (now: number) => sql<SqlBool>`(${stateCondition('moving', now)} or ${stateCondition('parked', now)})`;
const tally = (condition: Expression<SqlBool>) => sql<number | string | null>`sum(case when ${condition} then 1 else 0 end)`;

export function createOnlineCheckRepository(db: Db) {
  /** The set's devices in the caller's scope, with their latest status as `s` (the aliases stateCondition reads). */
  function devicesOf(scope: Scope, set: DeviceSet) {
    let q = db
      .selectFrom('device as d')
      .leftJoin('device_status as s', 's.device_id', 'd.id')
      .where((eb) => inScope(eb, 'd.dept_id', scope));
    if (set.kind === 'numbers') q = q.where('d.device_number', 'in', set.numbers);
    if (set.kind === 'dealer') q = q.where(inDeptSubtree('d.dept_id', set.deptId));
    return q;
  }

  return {
    /** Which of the numbers name a device the caller may see. */
    async known(scope: Scope, numbers: string[]): Promise<Set<string>> {
      const rows = await devicesOf(scope, { kind: 'numbers', numbers }).select('d.device_number').execute();
      return new Set(rows.map((r) => r.device_number));
    },

    async counts(scope: Scope, set: DeviceSet, now: number): Promise<{ total: number; online: number; never: number }> {
      const row = await devicesOf(scope, set)
        .select((eb) => [
          eb.fn.countAll<number | string>().as('total'),
          tally(online(now)).as('online'),
          tally(stateCondition('never', now)).as('never'),
        ])
        .executeTakeFirstOrThrow();
      // PostgreSQL answers count and sum as text, and a sum over no rows as null.
      return { total: Number(row.total), online: Number(row.online ?? 0), never: Number(row.never ?? 0) };
    },

    /** The set's online devices, oldest first, at most `limit` of them. */
    async onlineNumbers(scope: Scope, set: DeviceSet, now: number, limit: number): Promise<string[]> {
      const rows = await devicesOf(scope, set).select('d.device_number').where(online(now)).orderBy('d.id').limit(limit).execute();
      return rows.map((r) => r.device_number);
    },

    /** Position queries among the ids, of devices in the caller's scope; the rest are left out. */
    commandStates(scope: Scope, ids: number[]) {
      return db
        .selectFrom('device_command as c')
        .innerJoin('device as d', 'd.id', 'c.device_id')
        .select(['c.id', 'd.device_number', 'c.state', 'c.reply', 'c.answered_at'])
        .where('c.id', 'in', ids)
        .where('c.command', '=', COMMAND_IDS.positionQuery)
        .where((eb) => inScope(eb, 'd.dept_id', scope))
        .orderBy('c.id')
        .execute();
    },
  };
}

export type OnlineCheckRepository = ReturnType<typeof createOnlineCheckRepository>;
