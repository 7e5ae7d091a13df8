import type { Permission } from '@cvrisk/contracts';
import type { TestApp } from './test-app.js';

/**
 * Demo dealer staff may not edit fences or risk points. To test what a dealer who may edit can and
 * cannot reach, this adds an account with the given permissions in another account's department
 * (same password as the demo accounts) and returns its username.
 */
export async function addAccountBeside(t: TestApp, beside: string, username: string, permissions: Permission[]): Promise<string> {
  const model = await t.db.selectFrom('app_user').selectAll().where('username', '=', beside).executeTakeFirstOrThrow();
  const { id: roleId } = await t.db
    .insertInto('role')
    .values({ code: `test_${username}`, name: `测试角色 ${username}`, name_en: `Test role ${username}`, permissions: JSON.stringify(permissions), dept_id: model.dept_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('app_user')
    .values({ ...model, id: undefined, username, realname: `${model.realname}（编辑）`, role_id: roleId })
    .execute();
  return username;
}
