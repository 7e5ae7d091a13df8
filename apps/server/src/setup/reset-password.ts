import type { Db } from '../db/database.js';
import { generatePassword, hashPassword } from '../lib/password.js';
import { createAccountRepository } from '../modules/account/account.repository.js';
import { createAuditRepository } from '../modules/audit/audit.repository.js';
import { createUserRepository } from '../modules/user/user.repository.js';

/** Who the audit log names for what was done at the server's command line. */
export const COMMAND_LINE_ACTOR = '命令行';

export type CommandLineReset = {
  password: string;
  /** What still keeps the user out after the reset: the command does not undo an administrator's decision. */
  stillRefused: string[];
};

/**
 * `npm run admin -- reset-password <user>`: whoever runs the server recovers an account nobody can
 * sign in to any more (the platform administrator's lost password). A new one-time password, to be
 * changed at the next sign-in; the account's sessions end and its sign-in lock clears; the audit log
 * records it under 命令行, in the user's department so their administrators see it too.
 */
export async function resetPasswordFromCommandLine(db: Db, username: string, now = Date.now()): Promise<CommandLineReset> {
  const user = await db
    .selectFrom('app_user as u')
    .innerJoin('dept as d', 'd.id', 'u.dept_id')
    .select(['u.id', 'u.username', 'u.dept_id', 'u.enabled', 'd.disabled_at'])
    .where('u.username', '=', username)
    .executeTakeFirst();
  if (!user) throw new Error(`没有用户名为 ${username} 的用户`);
  const password = generatePassword();
  const hash = await hashPassword(password);
  // Sign-in locks are counted on the name; the rule only matters to the user screens' states.
  const users = createUserRepository(db, { perAccount: 0, windowMs: 0 }, () => now);
  await db.transaction().execute(async (trx) => {
    await createAccountRepository(trx).setPassword(trx, user.id, hash, now, true);
    await trx.deleteFrom('session').where('user_id', '=', user.id).execute();
    await createAuditRepository(trx, () => now).recordFor(
      { id: null, username: COMMAND_LINE_ACTOR, deptId: user.dept_id }, 'local',
      { action: 'user.resetPassword', target: user.username, detail: { passwordGenerated: true, commandLine: true } }, trx,
    );
  });
  await users.clearFailures(user.username);
  const stillRefused = [
    ...(user.enabled === 1 ? [] : ['该用户已停用：请另一位管理员在用户管理中启用']),
    ...(user.disabled_at === null ? [] : ['该用户所在部门已停用：请在部门管理中启用']),
  ];
  return { password, stillRefused };
}
