import {
  CASE_STATE_LABELS, CASE_TRANSITIONS, CaseActions, TEAM_CASE_ACTIONS, isCaseOpen,
  type CaseChange, type CaseListQuery, type CaseOpen, type CasePage, type CaseState, type RecoverySummary, type RecoveryTeam,
} from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { badInput, conflict, noPermission, notFound } from '../../lib/errors.js';
import { scopeHas } from '../../lib/scope.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import type { SessionUser } from '../session/session-user.js';
import { allowedActions, canManage, type CaseAccess, type CaseRow } from './case-access.js';
import { toCaseItem } from './case-mapping.js';
import { createCaseWrites, type CaseRepository } from './case.repository.js';

export const CASE_NOT_FOUND = '案件不存在';
const stateName = (s: string) => CASE_STATE_LABELS[s as CaseState]?.zh ?? s;

/** What closing a case does to its immobilisation requests (the vehicle-control module's, in the same transaction). */
export type CloseHook = (tx: Db, caseId: number, now: number) => Promise<void>;

/** The first moment of the current month in Asia/Shanghai. */
function monthStart(now: number): number {
  const local = new Date(now + 8 * 3600_000);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 8 * 3600_000;
}

/**
 * A case's life (issue 32): opened on a customer in the caller's scope, moved by the actions of
 * CASE_TRANSITIONS, each in one transaction with its history row and audit entry, and only from the
 * state it was read in (a change made meanwhile answers 409 naming the state it is in now).
 */
export function createCaseService(deps: { db: Db; repo: CaseRepository; access: CaseAccess; onClose: CloseHook; now?: () => number }) {
  const { db, repo, access, onClose, now = Date.now } = deps;

  async function visible(user: SessionUser, id: number): Promise<CaseRow> {
    const row = await access.visible(user.scope, id);
    if (!row) throw notFound(CASE_NOT_FOUND);
    return row;
  }

  /** A recovery company under the case's institution, enabled. */
  async function teamFor(teamDeptId: number, financeId: number, user: SessionUser): Promise<{ id: number; name: string }> {
    const team = await repo.team(teamDeptId);
    if (!team || team.kind !== 'recovery' || !scopeHas(user.scope, team.id)) throw notFound('追车公司不存在');
    if (team.parent_id !== financeId) throw badInput(`追车公司“${team.name}”不属于本案车辆所在的金融机构`);
    if (team.disabled_at !== null) throw conflict(`追车公司“${team.name}”已停用，不能分配`);
    return team;
  }

  return {
    async page(user: SessionUser, q: CaseListQuery): Promise<CasePage> {
      const { rows, count, stateCounts } = await repo.page(user.scope, q);
      const cars = await repo.cars(rows.map((r) => r.id));
      const at = now();
      return { list: rows.map((r) => toCaseItem(r, cars, at)), count, stateCounts };
    },

    async *exportPages(user: SessionUser, q: Omit<CaseListQuery, 'pageNumber' | 'pageSize'>) {
      const at = now();
      for await (const rows of repo.all(user.scope, q)) {
        const cars = await repo.cars(rows.map((r) => r.id));
        yield rows.map((r) => toCaseItem(r, cars, at));
      }
    },

    async open(user: SessionUser, ip: string, input: CaseOpen): Promise<number> {
      const customer = await repo.customerInScope(user.scope, input.customerId);
      if (!customer) throw notFound('客户不存在');
      const own = (await repo.customerCars(customer.id)).map((c) => c.id);
      if (own.length === 0) throw badInput(`客户“${customer.name}”名下没有车辆，不能发起追车`);
      const carIds = input.carIds ? [...new Set(input.carIds)] : own;
      const stranger = carIds.find((id) => !own.includes(id));
      if (stranger !== undefined) throw badInput(`车辆 ${stranger} 不属于客户“${customer.name}”`);
      if (input.source === 'warning' && !(await repo.warningOfCustomer(user.scope, input.warningId!, customer.id))) throw notFound('预警不存在或不属于该客户');
      const financeId = await repo.financeOf(customer.path);
      if (financeId === null) throw badInput(`客户“${customer.name}”不属于任何金融机构，不能发起追车`);
      const existing = await repo.openCaseOf(customer.id);
      if (existing) throw conflict(`客户“${customer.name}”已有进行中的追车案件（案件 ${existing.id}），请在该案件中继续`);
      const team = input.teamDeptId === undefined ? null : await teamFor(input.teamDeptId, financeId, user);
      const at = now();
      return db.transaction().execute(async (tx) => {
        const w = createCaseWrites(tx);
        const state: CaseState = team ? 'assigned' : 'unassigned';
        const id = await w.insert({
          customer_id: customer.id, dept_id: customer.dept_id, finance_id: financeId, team_dept_id: team?.id ?? null, state,
          source: input.source, warning_id: input.warningId ?? null, reason: input.reason, opened_by: user.id, at,
        }, carIds);
        await w.event({ case_id: id, at, user_id: user.id, action: 'open', from_state: null, to_state: 'unassigned', reason: input.reason });
        if (team) await w.event({ case_id: id, at, user_id: user.id, action: 'assign', from_state: 'unassigned', to_state: 'assigned', reason: `分配给${team.name}` });
        await createAuditRepository(tx).recordFor(user, ip, {
          action: 'recovery.open', target: customer.name,
          detail: { caseId: id, customerId: customer.id, carIds, source: input.source, teamDeptId: team?.id ?? null, reason: input.reason },
        });
        return id;
      });
    },

    async change(user: SessionUser, ip: string, input: CaseChange): Promise<void> {
      const row = await visible(user, input.id);
      if (!allowedActions(user, row, TEAM_CASE_ACTIONS, CaseActions).includes(input.action)) {
        throw noPermission(canManage(user, row) || scopeHas(user.scope, row.dept_id) ? '没有权限执行此操作：只读' : '追车公司只能标记定位中、已找到和已收车');
      }
      const rule = CASE_TRANSITIONS[input.action];
      if (!rule.from.includes(row.state)) throw conflict(`案件${stateName(row.state)}，不能${input.action === 'reopen' ? '重新打开' : '执行此操作'}`);
      const team = input.action === 'assign' ? await teamFor(input.teamDeptId!, row.finance_id, user) : null;
      if (team && team.id === row.team_dept_id && row.state !== 'unassigned') throw conflict(`案件已分配给${team.name}`);
      const to: CaseState = rule.to ?? (row.team_dept_id === null ? 'unassigned' : 'assigned');
      const at = now();
      const set: Parameters<ReturnType<typeof createCaseWrites>['move']>[2] = { state: to };
      if (team) Object.assign(set, { team_dept_id: team.id, assigned_at: at });
      if (to === 'found') {
        const current = await db.selectFrom('recovery_case').select('first_found_at').where('id', '=', row.id).executeTakeFirstOrThrow();
        if (current.first_found_at === null) set.first_found_at = at;
      }
      if (to === 'recovered') set.recovered_at = at;
      if (!isCaseOpen(to)) set.closed_at = at;
      if (input.action === 'reopen') Object.assign(set, { closed_at: null, recovered_at: null });
      await db.transaction().execute(async (tx) => {
        const w = createCaseWrites(tx);
        if (!(await w.move(row.id, row.state, set, at))) throw conflict('案件刚被他人更新，请刷新后重试');
        const reason = team ? `分配给${team.name}：${input.reason}` : input.reason;
        await w.event({ case_id: row.id, at, user_id: user.id, action: input.action, from_state: row.state, to_state: to, reason });
        // A closed case stops everything it allowed: waiting immobilisation requests are withdrawn (links stop by the case's state).
        if (!isCaseOpen(to)) await onClose(tx, row.id, at);
        await createAuditRepository(tx).recordFor(user, ip, {
          action: 'recovery.change', target: `案件 ${row.id}`,
          detail: { caseId: row.id, action: input.action, fromState: row.state, toState: to, teamDeptId: team?.id ?? null, reason: input.reason },
        });
      });
    },

    /** Recovery companies the caller may assign a case to: those under the case's institution (or the caller's institutions). */
    async teams(user: SessionUser, caseId: number | undefined): Promise<RecoveryTeam[]> {
      let financeIds: number[] | null = null;
      if (caseId !== undefined) financeIds = [(await visible(user, caseId)).finance_id];
      const rows = await repo.teams(financeIds);
      return rows
        .filter((t) => scopeHas(user.scope, t.id))
        .map((t) => ({ id: t.id, name: t.name, financeId: t.parent_id!, openCases: Number(t.open_cases ?? 0), disabled: t.disabled_at !== null }));
    },

    async summary(user: SessionUser, awaitingMyApproval: () => Promise<number>): Promise<RecoverySummary> {
      const at = now();
      const [s, awaiting] = await Promise.all([repo.summary(user.scope, at, monthStart(at)), user.permissions.has('vehicle:control') ? awaitingMyApproval() : 0]);
      return { open: Number(s.open ?? 0), foundLast24h: Number(s.found ?? 0), recoveredThisMonth: Number(s.recovered ?? 0), awaitingMyApproval: awaiting };
    },

    visible,
  };
}

export type CaseService = ReturnType<typeof createCaseService>;
