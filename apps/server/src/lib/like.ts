import { sql, type Expression, type SqlBool } from 'kysely';

/** `column LIKE %text%` with the user's % and _ taken literally, the same on SQLite and PostgreSQL. */
export function contains(column: string, text: string): Expression<SqlBool> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`${sql.ref(column)} like ${`%${escaped}%`} escape '\\'`;
}

/** `column LIKE text%`, with % and _ taken literally as in `contains`. */
export function startsWith(column: string, text: string): Expression<SqlBool> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`${sql.ref(column)} like ${`${escaped}%`} escape '\\'`;
}

/** The department with this id and everything under it. */
export function inDeptSubtree(column: string, deptId: number): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (select id from dept where path like (select path || '%' from dept where id = ${deptId}))`;
}
