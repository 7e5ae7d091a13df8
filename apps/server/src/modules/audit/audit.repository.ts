import { parseTime, type AuditAction, type AuditExportQuery } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import type { SessionUser } from '../session/session-user.js';

export type AuditEntry = { action: AuditAction; target: string; detail: object };

/** Who an entry names. */
export type AuditActor = { id: number | null; username: string; deptId: number | null };

export type AuditRow = {
  id: number;
  at: number;
  user_id: number | null;
  username: string;
  realname: string | null;
  dept_id: number | null;
  dept_name: string | null;
  ip: string;
  action: string;
  target: string;
  detail: string;
};

const columns = [
  'a.id', 'a.at', 'a.user_id', 'a.username', 'u.realname', 'a.dept_id', 'd.name as dept_name', 'a.ip', 'a.action', 'a.target', 'a.detail',
] as const;

/** The audit trail: every administrative action, who did it, from where, and what it touched. Entries are only ever added. */
export function createAuditRepository(db: Db, now: () => number = Date.now) {
  /**
   * The entries of the caller's subtree under the filters. An entry without a department (a failed
   * sign-in under an unknown name) is outside every subtree, so only the platform sees it.
   */
  function filtered(scope: Scope, f: AuditExportQuery) {
    let q = db
      .selectFrom('audit_log as a')
      .leftJoin('app_user as u', 'u.id', 'a.user_id')
      .leftJoin('dept as d', 'd.id', 'a.dept_id')
      .where((eb) => inScope(eb, 'a.dept_id', scope));
    if (f.username) q = q.where((eb) => eb.or([contains('a.username', f.username!), contains('u.realname', f.username!)]));
    if (f.userId) q = q.where('a.user_id', '=', f.userId);
    if (f.action) q = q.where('a.action', '=', f.action);
    if (f.deptId) q = q.where(inDeptSubtree('a.dept_id', f.deptId));
    if (f.beginTime) q = q.where('a.at', '>=', parseTime(f.beginTime)!);
    if (f.endTime) q = q.where('a.at', '<=', parseTime(f.endTime)!);
    return q;
  }

  /** An entry by whoever acted: a signed-in user, or an account (or unknown name: no id, no department) at sign-in. */
  async function recordFor(actor: AuditActor, ip: string, e: AuditEntry, trx: Db = db): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        at: now(), user_id: actor.id, username: actor.username.slice(0, 50), dept_id: actor.deptId, ip: ip.slice(0, 64),
        action: e.action, target: e.target.slice(0, 100), detail: JSON.stringify(e.detail).slice(0, 1000),
      })
      .execute();
  }

  return {
    recordFor,
    record: (user: SessionUser, ip: string, e: AuditEntry, trx: Db = db): Promise<void> => recordFor(user, ip, e, trx),

    /** A page, newest first. */
    async page(scope: Scope, f: AuditExportQuery, offset: number, limit: number) {
      const q = filtered(scope, f);
      const [rows, total] = await Promise.all([
        q.select(columns).orderBy('a.at', 'desc').orderBy('a.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as AuditRow[], count: Number(total.n) };
    },

    /** Every matching entry in list order, a page at a time, keyed on (at, id) so pages never shift while entries are added. */
    async *pages(scope: Scope, f: AuditExportQuery, size = 2000): AsyncGenerator<AuditRow[]> {
      let after: { at: number; id: number } | null = null;
      for (;;) {
        let q = filtered(scope, f).select(columns);
        if (after) {
          const { at, id } = after;
          q = q.where((eb) => eb(eb.refTuple('a.at', 'a.id'), '<', eb.tuple(at, id)));
        }
        const rows = (await q.orderBy('a.at', 'desc').orderBy('a.id', 'desc').limit(size).execute()) as AuditRow[];
        if (rows.length === 0) return;
        yield rows;
        const last = rows[rows.length - 1]!;
        after = { at: last.at, id: last.id };
      }
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
