import { TOKEN_NAME, type Permission } from '@cvrisk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noPermission } from '../lib/errors.js';
import type { SessionService } from '../modules/session/session.service.js';
import type { SessionUser } from '../modules/session/session-user.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, public key, register). */
    public?: boolean;
    /** The permission a caller must hold; absent means any signed-in user. */
    permission?: Permission;
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_NAME.toLowerCase()];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return undefined;
}

/** Every route is private unless it says `public`; the permission check sits here, once. */
export function registerAuth(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Unknown routes fall through to the not-found handler, static files are public.
    if (!request.routeOptions.url || config.public) return;
    request.sessionUser = await sessions.authenticate(tokenOf(request));
    if (config.permission && !request.sessionUser.permissions.has(config.permission)) throw noPermission();
  });
}

/** The caller of a private route; the hook above guarantees it is set. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new Error('userOf() called on a public route');
  return request.sessionUser;
}
