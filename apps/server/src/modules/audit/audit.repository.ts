import type { AuditAction } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import type { SessionUser } from '../session/session-user.js';

export type AuditEntry = { action: AuditAction; target: string; detail: object };

/** The audit trail: every administrative action, who did it, from where, and what it touched. */
export function createAuditRepository(db: Db, now: () => number = Date.now) {
  return {
    async record(user: SessionUser, ip: string, e: AuditEntry, trx: Db = db): Promise<void> {
      await trx
        .insertInto('audit_log')
        .values({
          at: now(), user_id: user.id, username: user.username, dept_id: user.deptId, ip: ip.slice(0, 64),
          action: e.action, target: e.target.slice(0, 100), detail: JSON.stringify(e.detail).slice(0, 1000),
        })
        .execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
