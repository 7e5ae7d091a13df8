import { createHash, randomBytes } from 'node:crypto';
import {
  FIELD_LINK_GONE, RECOVERY_LIMITS, formatTime, isCaseOpen,
  type FieldLinkCreate, type FieldLinkCreated, type FieldLinkGone, type FieldLinkItem, type FieldLinkOpen,
} from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { AppError, conflict, noPermission, notFound } from '../../lib/errors.js';
import { Codes } from '@cvrisk/contracts';
import { createAuditRepository } from '../audit/audit.repository.js';
import type { SessionUser } from '../session/session-user.js';
import { canManage, isTeamOn, type CaseRow } from './case-access.js';
import { createCaseWrites } from './case.repository.js';
import type { LinkRepository } from './link.repository.js';

const HOUR = 3600_000;
const OPENS_SHOWN = 200;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link that no longer opens: 404 with the reason as its message; the page shows it and nothing about the car. */
export const linkGone = (why: FieldLinkGone) => new AppError(Codes.NOT_FOUND, FIELD_LINK_GONE[why]);

type LinkRow = Awaited<ReturnType<LinkRepository['forCase']>>[number];

function toItem(l: LinkRow, at: number, caseOpen: boolean): FieldLinkItem {
  return {
    id: l.id, label: l.label, createdBy: l.created_by_name, createdAt: formatTime(Number(l.created_at)),
    expiresAt: formatTime(Number(l.expires_at)), revokedAt: l.revoked_at === null ? null : formatTime(Number(l.revoked_at)),
    live: caseOpen && l.revoked_at === null && Number(l.expires_at) > at,
    opens: Number(l.opens ?? 0), lastOpenedAt: l.last_opened_at === null || l.last_opened_at === undefined ? null : formatTime(Number(l.last_opened_at)),
  };
}

/** May hand out or revoke links on this case: holds recovery:link, and is the institution's manager or the case's team. */
const mayLink = (u: SessionUser, c: CaseRow) => u.permissions.has('recovery:link') && (canManage(u, c) || isTeamOn(u, c));

/**
 * Field links (issue 32 item 3): a random 256-bit token shown once, stored as its hash, valid for
 * `hours` (at most 72), until revoked, and only while its case is open. Every opening is recorded.
 */
export function createLinkService(deps: { db: Db; repo: LinkRepository; now?: () => number }) {
  const { db, repo, now = Date.now } = deps;

  async function forCase(caseId: number, at: number, caseOpen = true): Promise<FieldLinkItem[]> {
    return (await repo.forCase(caseId)).map((l) => toItem(l, at, caseOpen));
  }

  return {
    async forCase(caseId: number, at: number): Promise<FieldLinkItem[]> {
      const open = await db.selectFrom('recovery_case').select('closed_at').where('id', '=', caseId).executeTakeFirstOrThrow();
      return forCase(caseId, at, open.closed_at === null);
    },

    async create(user: SessionUser, ip: string, c: CaseRow, input: FieldLinkCreate): Promise<FieldLinkCreated> {
      if (!mayLink(user, c)) throw noPermission('没有权限为此案件创建外勤链接');
      if (!isCaseOpen(c.state)) throw conflict('案件已结案，不能创建外勤链接');
      const at = now();
      if (Number((await repo.liveCount(c.id, at)).n) >= RECOVERY_LIMITS.maxLiveLinksPerCase) {
        throw conflict(`本案已有${RECOVERY_LIMITS.maxLiveLinksPerCase}个有效链接，请先撤销不用的链接`);
      }
      const token = randomBytes(32).toString('base64url');
      const id = await db.transaction().execute(async (tx) => {
        const row = await tx.insertInto('recovery_link').values({
          case_id: c.id, token_hash: hashToken(token), label: input.label, created_by: user.id, created_at: at,
          expires_at: at + input.hours * HOUR, revoked_at: null, revoked_by: null,
        }).returning('id').executeTakeFirstOrThrow();
        await createCaseWrites(tx).event({ case_id: c.id, at, user_id: user.id, action: 'linkCreate', from_state: null, to_state: null, reason: `${input.label}，${input.hours}小时有效` });
        await createAuditRepository(tx).recordFor(user, ip, { action: 'recovery.linkCreate', target: `案件 ${c.id}`, detail: { caseId: c.id, linkId: row.id, label: input.label, hours: input.hours } });
        return row.id;
      });
      const item = (await forCase(c.id, at)).find((l) => l.id === id)!;
      return { ...item, token };
    },

    async revoke(user: SessionUser, ip: string, id: number, caseOf: (caseId: number) => Promise<CaseRow>): Promise<FieldLinkItem> {
      const link = await repo.one(id);
      if (!link) throw notFound('链接不存在');
      // The case's scope decides: a link of a case the caller cannot see is as absent as one that never was.
      const c = await caseOf(link.case_id).catch(() => { throw notFound('链接不存在'); });
      if (!mayLink(user, c)) throw noPermission('没有权限撤销此链接');
      const at = now();
      if (link.revoked_at === null) {
        await db.transaction().execute(async (tx) => {
          await tx.updateTable('recovery_link').set({ revoked_at: at, revoked_by: user.id }).where('id', '=', id).where('revoked_at', 'is', null).execute();
          await createCaseWrites(tx).event({ case_id: c.id, at, user_id: user.id, action: 'linkRevoke', from_state: null, to_state: null, reason: null });
          await createAuditRepository(tx).recordFor(user, ip, { action: 'recovery.linkRevoke', target: `案件 ${c.id}`, detail: { caseId: c.id, linkId: id } });
        });
      }
      return (await forCase(c.id, at, isCaseOpen(c.state))).find((l) => l.id === id)!;
    },

    async opens(caseId: number): Promise<FieldLinkOpen[]> {
      return (await repo.opens(caseId, OPENS_SHOWN)).map((o) => ({ at: formatTime(Number(o.at)), ip: o.ip, userAgent: o.user_agent, linkLabel: o.label }));
    },

    /** The link a token opens now, or why it does not (unknown, revoked, closed, expired: in that order). */
    async resolve(token: string): Promise<{ ok: true; link: { id: number; caseId: number; expiresAt: number; openedAt: number } } | { ok: false; why: FieldLinkGone }> {
      const l = await repo.byHash(hashToken(token));
      if (!l) return { ok: false, why: 'unknown' };
      if (l.revoked_at !== null) return { ok: false, why: 'revoked' };
      if (l.closed_at !== null) return { ok: false, why: 'closed' };
      if (Number(l.expires_at) <= now()) return { ok: false, why: 'expired' };
      return { ok: true, link: { id: l.id, caseId: l.case_id, expiresAt: Number(l.expires_at), openedAt: Number(l.opened_at) } };
    },

    async recordOpen(linkId: number, ip: string, userAgent: string): Promise<void> {
      await db.insertInto('recovery_link_open').values({ link_id: linkId, at: now(), ip: ip.slice(0, 64), user_agent: userAgent.slice(0, 300) }).execute();
    },
  };
}

export type LinkService = ReturnType<typeof createLinkService>;
