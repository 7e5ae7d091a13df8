import type { Db } from '../../db/database.js';

/** Field links and their openings. Only the token's hash is stored and looked up. */
export function createLinkRepository(db: Db) {
  return {
    forCase(caseId: number) {
      return db.selectFrom('recovery_link as l').leftJoin('app_user as u', 'u.id', 'l.created_by')
        .select(['l.id', 'l.label', 'u.realname as created_by_name', 'l.created_at', 'l.expires_at', 'l.revoked_at'])
        .select((eb) => [
          eb.selectFrom('recovery_link_open as o').select((o) => o.fn.countAll<number | string>().as('n')).whereRef('o.link_id', '=', 'l.id').as('opens'),
          eb.selectFrom('recovery_link_open as o').select((o) => o.fn.max('o.at').as('m')).whereRef('o.link_id', '=', 'l.id').as('last_opened_at'),
        ])
        .where('l.case_id', '=', caseId).orderBy('l.id', 'desc').execute();
    },
    one(id: number) {
      return db.selectFrom('recovery_link').select(['id', 'case_id', 'revoked_at', 'expires_at']).where('id', '=', id).executeTakeFirst();
    },
    liveCount(caseId: number, now: number) {
      return db.selectFrom('recovery_link').select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('case_id', '=', caseId).where('revoked_at', 'is', null).where('expires_at', '>', now).executeTakeFirstOrThrow();
    },
    /** The link by its token's hash, with its case's state and cars. */
    byHash(tokenHash: string) {
      return db.selectFrom('recovery_link as l').innerJoin('recovery_case as c', 'c.id', 'l.case_id')
        .select(['l.id', 'l.case_id', 'l.label', 'l.expires_at', 'l.revoked_at', 'c.closed_at', 'c.opened_at'])
        .where('l.token_hash', '=', tokenHash).executeTakeFirst();
    },
    opens(caseId: number, limit: number) {
      return db.selectFrom('recovery_link_open as o').innerJoin('recovery_link as l', 'l.id', 'o.link_id')
        .select(['o.at', 'o.ip', 'o.user_agent', 'l.label'])
        .where('l.case_id', '=', caseId).orderBy('o.at', 'desc').limit(limit).execute();
    },
  };
}

export type LinkRepository = ReturnType<typeof createLinkRepository>;
