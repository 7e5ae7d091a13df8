import { sql, type Expression, type ExpressionBuilder, type SqlBool, type StringReference } from 'kysely';

/**
 * What part of the department tree a caller may see (server-behaviour §1). Platform users see
 * everything; everyone else sees the departments of their own subtree.
 */
export type Scope = { kind: 'all' } | { kind: 'depts'; deptIds: readonly number[] };

export const ALL: Scope = { kind: 'all' };

/**
 * The one filter every scoped query applies: `column` holds the row's department id.
 * Repositories take a Scope on every scoped method, so an unscoped query cannot be written by accident.
 * The column is typed by the tables in the query, so a misspelt or absent column does not compile.
 */
export function inScope<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: StringReference<DB, TB>, scope: Scope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`1 = 1`;
  if (scope.deptIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${eb.ref(column)} in (${sql.join(scope.deptIds)})`;
}

export function scopeHas(scope: Scope, deptId: number): boolean {
  return scope.kind === 'all' || scope.deptIds.includes(deptId);
}

/**
 * The same filter as `inScope`, written (`+column`) so that SQLite does not pick the column's index
 * for it: for a query whose ORDER BY an index serves, walking that index and checking the department
 * of each entry beats reading a broad scope's every row and sorting them. Harmless on PostgreSQL.
 */
export function inScopeWalkingOrder(column: string, scope: Scope): Expression<SqlBool> {
  if (scope.kind === 'all') return sql<SqlBool>`1 = 1`;
  if (scope.deptIds.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`+${sql.ref(column)} in (${sql.join(scope.deptIds)})`;
}
