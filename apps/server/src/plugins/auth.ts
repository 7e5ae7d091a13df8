import { TOKEN_NAME, type Permission } from '@cvrisk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { noPermission, PASSWORD_MUST_CHANGE } from '../lib/errors.js';
import type { SessionService } from '../modules/session/session.service.js';
import type { SessionUser } from '../modules/session/session-user.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, public key, register). */
    public?: boolean;
    /** The permission a caller must hold; absent means any signed-in user. */
    permission?: Permission;
    /** Open while the caller's password must still be changed (the declaration's `beforePasswordChange`). */
    beforePasswordChange?: true;
    /** Also take the token from `?accessToken=`: only for the live stream, as EventSource cannot set headers. */
    tokenInQuery?: boolean;
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

function queryTokenOf(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[TOKEN_NAME];
  return typeof value === 'string' && value ? value : undefined;
}

// `token`: a field link's (issue 32), which opens a car's position without an account.
const TOKEN_IN_URL = new RegExp(`([?&](?:${TOKEN_NAME}|token)=)[^&#]*`, 'gi');

/**
 * The request as the log shows it (Fastify's fields), with a token carried in the URL blanked:
 * the live stream's `?accessToken=` must never reach a log file.
 */
export function loggableRequest(req: { method?: string; url?: string; host?: string; ip?: string; socket?: { remoteAddress?: string; remotePort?: number } }) {
  return {
    method: req.method,
    url: req.url?.replace(TOKEN_IN_URL, '$1***'),
    host: req.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

/** Every route is private unless it says `public`; the permission check sits here, once. */
export function registerAuth(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Unknown routes fall through to the not-found handler, static files are public.
    if (!request.routeOptions.url || config.public) return;
    const token = tokenOf(request) ?? (config.tokenInQuery ? queryTokenOf(request) : undefined);
    request.sessionUser = await sessions.authenticate(token);
    // A password an administrator (or the first start) gave is known to someone else: until the user
    // chose their own, the session opens nothing but the change, sign-out and their own profile.
    if (request.sessionUser.mustChangePassword && !config.beforePasswordChange) throw noPermission(PASSWORD_MUST_CHANGE);
    if (config.permission && !request.sessionUser.permissions.has(config.permission)) throw noPermission();
  });
}

/** The caller of a private route; the hook above guarantees it is set. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new Error('userOf() called on a public route');
  return request.sessionUser;
}
