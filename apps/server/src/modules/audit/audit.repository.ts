import { parseTime, warningTypeName, type AuditAction, type AuditExportQuery } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import type { NamedKind, Names } from './audit-detail.js';
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

    /**
     * The names of the ids a page's details mention (departments, roles, users, devices, warnings),
     * one query per kind. Only names are read: an entry the caller may see already says these ids.
     */
    async names(ids: Record<NamedKind, Set<number>>): Promise<Names> {
      const list = (k: NamedKind) => [...ids[k]];
      const none = Promise.resolve([] as { id: number; name: string }[]);
      const [depts, roles, users, devices, warnings] = await Promise.all([
        ids.dept.size ? db.selectFrom('dept').select(['id', 'name']).where('id', 'in', list('dept')).execute() : none,
        ids.role.size ? db.selectFrom('role').select(['id', 'name']).where('id', 'in', list('role')).execute() : none,
        ids.user.size
          ? db.selectFrom('app_user').select(['id', 'username', 'realname']).where('id', 'in', list('user')).execute()
            .then((rows) => rows.map((r) => ({ id: r.id, name: r.realname ? `${r.realname}（${r.username}）` : r.username })))
          : none,
        ids.device.size ? db.selectFrom('device').select(['id', 'device_number as name']).where('id', 'in', list('device')).execute() : none,
        ids.warning.size
          ? db.selectFrom('warning as w').innerJoin('device as d', 'd.id', 'w.device_id').select(['w.id', 'w.warning_type', 'd.device_number'])
            .where('w.id', 'in', list('warning')).execute()
            .then((rows) => rows.map((r) => ({ id: r.id, name: `${r.device_number} ${warningTypeName(r.warning_type)}` })))
          : none,
      ]);
      const map = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
      return { dept: map(depts), role: map(roles), user: map(users), device: map(devices), warning: map(warnings) };
    },
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
