import { isCaseOpen, type CaseAction, type CaseState } from '@cvrisk/contracts';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { scopeHas, type Scope } from '../../lib/scope.js';
import type { SessionUser } from '../session/session-user.js';

/** A case as the access rules read it. */
export type CaseRow = {
  id: number;
  state: CaseState;
  customer_id: number;
  dept_id: number;
  finance_id: number;
  team_dept_id: number | null;
};

type Caller = Pick<SessionUser, 'id' | 'permissions' | 'scope'>;

/**
 * Who may see and do what on a recovery case (issue 32). The institution and the dealer see a case
 * through the cars' department (`dept_id`); a recovery company only through the case being assigned
 * to it (`team_dept_id`). One place, so the case page, the links and immobilisation agree.
 */
export function caseVisible(scope: Scope) {
  return sql<SqlBool>`(${inScopeOf('recovery_case.dept_id', scope)} or ${inScopeOf('recovery_case.team_dept_id', scope)})`;
}

function inScopeOf(column: string, scope: Scope) {
  if (scope.kind === 'all') return sql<SqlBool>`1 = 1`;
  if (scope.deptIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(scope.deptIds)})`;
}

/** The institution's side: holds recovery:manage and sees the case through its cars. */
export const canManage = (u: Caller, c: CaseRow) => u.permissions.has('recovery:manage') && scopeHas(u.scope, c.dept_id);

/** The recovery company's side: holds recovery:field and the open case is assigned to its company. */
export const isTeamOn = (u: Caller, c: CaseRow) =>
  u.permissions.has('recovery:field') && c.team_dept_id !== null && scopeHas(u.scope, c.team_dept_id) && isCaseOpen(c.state);

/** Sees the cars' positions: through the cars' department, or as the team while the case is open. */
export const seesCars = (u: Caller, c: CaseRow) => scopeHas(u.scope, c.dept_id) || isTeamOn(u, c);

/** May ask for immobilisation or restore: the institution's manager or the team, on an open case. */
export const mayRequestControl = (u: Caller, c: CaseRow) => isCaseOpen(c.state) && (canManage(u, c) || isTeamOn(u, c));

/** The actions the caller may take as far as their role goes (the state is checked separately). */
export function allowedActions(u: Caller, c: CaseRow, teamActions: readonly CaseAction[], all: readonly CaseAction[]): CaseAction[] {
  if (canManage(u, c)) return [...all];
  if (isTeamOn(u, c)) return [...teamActions];
  return [];
}

export function createCaseAccess(db: Db) {
  return {
    /** The case if the caller's scope holds it (else undefined: answer 404, never 403, so ids reveal nothing). */
    visible(scope: Scope, caseId: number): Promise<CaseRow | undefined> {
      return db.selectFrom('recovery_case')
        .select(['id', 'state', 'customer_id', 'dept_id', 'finance_id', 'team_dept_id'])
        .where('id', '=', caseId).where(caseVisible(scope))
        .executeTakeFirst() as Promise<CaseRow | undefined>;
    },
    /** The devices fitted to the case's cars. */
    devices(caseId: number) {
      return db.selectFrom('recovery_case_car as rc').innerJoin('device as d', 'd.car_id', 'rc.car_id')
        .select(['d.id', 'd.device_number', 'd.model', 'd.kind', 'd.car_id', 'd.dept_id'])
        .where('rc.case_id', '=', caseId).where('d.retired_at', 'is', null).orderBy('d.car_id').orderBy('d.kind').orderBy('d.id')
        .execute();
    },
  };
}

export type CaseAccess = ReturnType<typeof createCaseAccess>;
