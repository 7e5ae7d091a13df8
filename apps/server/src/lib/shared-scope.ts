import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { inScope, scopeHas, type Scope } from './scope.js';

/**
 * Fences and risk points may belong to a department above the caller's and are then shared with
 * it (server-behaviour §1): a finance institution's with its dealers, the platform's with everyone.
 * "Own" is the caller's normal scope (their department's subtree); "shared" is a strict ancestor of
 * their department. A caller sees both and changes only their own.
 */
export type Viewer = { scope: Scope; deptId: number };
export type Ownership = 'own' | 'shared';

/** `deptId` and every department above it (materialised paths: an ancestor's path prefixes ours). */
export function inSelfOrAncestors(column: string, deptId: number): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (select a.id from dept a inner join dept me on me.path like a.path || '%' where me.id = ${deptId})`;
}

/** Departments strictly above `deptId`. */
function inAncestors(column: string, deptId: number): Expression<SqlBool> {
  return sql<SqlBool>`${inSelfOrAncestors(column, deptId)} and ${sql.ref(column)} <> ${deptId}`;
}

/**
 * The filter for shared-able objects: own and shared, or only one of the two. Platform staff own
 * everything, so nothing is "shared" with them.
 */
export function ownOrShared(eb: ExpressionBuilder<any, any>, column: string, viewer: Viewer, only?: Ownership): Expression<SqlBool> {
  const own = inScope(eb, column, viewer.scope);
  if (only === 'own' || viewer.scope.kind === 'all') return only === 'shared' ? sql<SqlBool>`1 = 0` : own;
  const shared = inAncestors(column, viewer.deptId);
  return only === 'shared' ? shared : eb.or([own, shared]);
}

export function isOwn(viewer: Viewer, deptId: number): boolean {
  return scopeHas(viewer.scope, deptId);
}
