import type { Db } from '../../db/database.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import type { SessionUser } from '../session/session-user.js';

/** A warning just handled: whose grade to recompute and whom to tell. */
export type Handled = { id: number; customer_id: number | null; dept_id: number };
/** Who handles, from which address, with what result, when. */
export type DealBy = { user: SessionUser; ip: string; description: string; at: number };
export type DealTarget = { id: number; device_id: number; warning_type: number; warning_time: number };

/** Thrown inside a transaction to roll it back when a chosen warning was handled meanwhile. */
class LostRace extends Error {}

const AUDIT_CHUNK = 500;

/**
 * Handling writes. Every change is a conditional UPDATE (… WHERE deal_status = 0) inside a
 * transaction, and the rows it reports back are the ones this caller handled: of two operators at
 * once exactly one wins, on SQLite (one writer) as on PostgreSQL (row locks).
 */
export function createWarningDealRepository(db: Db) {
  const settled = (by: DealBy) => ({ deal_status: 1, deal_user_id: by.user.id, deal_time: by.at, deal_description: by.description });

  /** Each warning's handling record, and one audit-log entry for the act (the chosen warning, every id it handled, the result). */
  async function audit(trx: Db, handled: Handled[], by: DealBy): Promise<void> {
    for (let i = 0; i < handled.length; i += AUDIT_CHUNK) {
      const part = handled.slice(i, i + AUDIT_CHUNK);
      await trx.insertInto('warning_deal').values(part.map((h) => ({ warning_id: h.id, user_id: by.user.id, description: by.description, at: by.at }))).execute();
    }
    const ids = handled.map((h) => h.id);
    await createAuditRepository(trx, () => by.at).record(by.user, by.ip, {
      action: 'warning.handle', target: String(ids[0]), detail: { description: by.description, count: ids.length, ids },
    });
  }

  return {
    /**
     * Handles the target and, with `earlier`, the unhandled warnings of its device and type raised
     * no later than it. Null when the target was handled meanwhile (nothing is changed then).
     */
    handleOne(scope: Scope, target: DealTarget, earlier: boolean, by: DealBy): Promise<Handled[] | null> {
      return db.transaction().execute(async (trx) => {
        const own = await trx
          .updateTable('warning')
          .set(settled(by))
          .where('id', '=', target.id)
          .where('deal_status', '=', 0)
          .returning(['id', 'customer_id', 'dept_id'])
          .executeTakeFirst();
        if (!own) return null;
        const others = earlier
          ? await trx
              .updateTable('warning')
              .set(settled(by))
              .where('device_id', '=', target.device_id)
              .where('warning_type', '=', target.warning_type)
              .where('deal_status', '=', 0)
              .where('warning_time', '<=', target.warning_time)
              .where((eb) => inScope(eb, 'dept_id', scope))
              .returning(['id', 'customer_id', 'dept_id'])
              .execute()
          : [];
        const handled = [own, ...others];
        await audit(trx, handled, by);
        return handled;
      });
    },

    /** Handles all of these (already checked to be in scope and unhandled) or, if any was handled meanwhile, none: null. */
    async handleAll(ids: number[], by: DealBy): Promise<Handled[] | null> {
      try {
        return await db.transaction().execute(async (trx) => {
          const handled = await trx
            .updateTable('warning')
            .set(settled(by))
            .where('id', 'in', ids)
            .where('deal_status', '=', 0)
            .returning(['id', 'customer_id', 'dept_id'])
            .execute();
          if (handled.length !== ids.length) throw new LostRace();
          await audit(trx, handled, by);
          return handled;
        });
      } catch (err) {
        if (err instanceof LostRace) return null;
        throw err;
      }
    },
  };
}

export type WarningDealRepository = ReturnType<typeof createWarningDealRepository>;
