import type { AppModule } from '../app-module.js';
import { sessionRoutes } from './session.routes.js';

/** Sign-in, sign-out, the public key and the caller's profile; the session service itself is shared (auth, live stream). */
export const sessionModule: AppModule = (app, { config, keys, shared }) =>
  sessionRoutes(app, { sessions: shared.sessions(), encryption: config.encryption, keys });
