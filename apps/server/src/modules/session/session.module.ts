import type { AppModule } from '../app-module.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { sessionRoutes } from './session.routes.js';

/** Sign-in, sign-out, the public key and the caller's profile; the session service itself is shared (auth, live stream). */
export const sessionModule: AppModule = (app, { db, config, keys, shared }) =>
  sessionRoutes(app, { sessions: shared.sessions(), encryption: config.encryption, keys, audit: createAuditRepository(db) });
