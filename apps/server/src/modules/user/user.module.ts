import type { Db } from '../../db/database.js';
import { createAccountRepository } from '../account/account.repository.js';
import type { AppModule } from '../app-module.js';
import { auditedWrite } from '../audit/audited-write.js';
import { createRoleRepository } from '../role/role.repository.js';
import { createUserRepository, type LockRule } from './user.repository.js';
import { userRoutes } from './user.routes.js';
import { createUserService } from './user.service.js';

/** 用户管理: the users of the caller's subtree; every change audited in its transaction. */
export const userModule: AppModule = (app, { db, config, shared }) => {
  // 已锁定 is what the sign-in throttle refuses an account at (session module, the same settings).
  const lock: LockRule = { perAccount: config.loginMaxFailures, windowMs: config.loginWindowMs };
  const stores = (d: Db) => ({ users: createUserRepository(d, lock), account: createAccountRepository(d), trx: d });
  const service = createUserService({
    repo: createUserRepository(db, lock),
    write: auditedWrite(db, stores),
    roles: createRoleRepository(db),
    sessions: shared.sessions(),
    lockAt: lock.perAccount,
  });
  userRoutes(app, service);
};
