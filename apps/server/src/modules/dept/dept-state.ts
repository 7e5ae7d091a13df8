import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** What a user of a disabled department (or of one below it) is told at sign-in and on every later request. */
export const DEPT_DISABLED_MESSAGE = '账号所在部门已停用，请联系管理员';

/**
 * Whether the department whose materialised path is in `pathColumn`, or any department above it, is
 * disabled (`path`: a column's name, or an expression such as `sql.val(path)`). Read on every session check, so a disable takes effect in every server process at once,
 * also in one that did not make it; the dept table is small (one row per institution, dealer, installer).
 */
export function deptDisabled(path: string | Expression<string>): Expression<SqlBool> {
  const p = typeof path === 'string' ? sql.ref(path) : path;
  return sql<SqlBool>`exists (select 1 from dept dis where dis.disabled_at is not null and ${p} like dis.path || '%')`;
}

/** The same as a 0/1 column: SQLite and PostgreSQL then answer alike (PostgreSQL would give a boolean). */
export function deptDisabledFlag(path: string | Expression<string>): RawBuilder<number> {
  return sql<number>`case when ${deptDisabled(path)} then 1 else 0 end`;
}
