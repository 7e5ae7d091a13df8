import { removeInitialPasswordFile } from '../../setup/initial-password-file.js';
import type { AppModule } from '../app-module.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { accountRoutes } from './account.routes.js';
import { createAccountRepository } from './account.repository.js';
import { createAccountService } from './account.service.js';

/** One's own password and sessions, and an administrator's view of the sessions of users in scope. */
export const accountModule: AppModule = (app, { db, shared, config }) =>
  accountRoutes(app, createAccountService({
    db, repo: createAccountRepository(db), sessions: shared.sessions(), audit: createAuditRepository(db),
    onOwnPasswordChosen: (username) => removeInitialPasswordFile(config.dataDir, username),
  }));
