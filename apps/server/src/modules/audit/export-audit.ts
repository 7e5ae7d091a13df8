import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { SessionUser } from '../session/session-user.js';
import { createAuditRepository } from './audit.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records that `user` exported `path` with these filters (lib/route.ts calls it for every file reply). */
    recordExport(user: SessionUser, ip: string, path: string, filters: object): Promise<void>;
  }
}

/** A field named like a credential is never written to the log, whatever call sends it. */
const SECRET = /pass|secret|token|key/i;

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !SECRET.test(k)).map(([k, v]) => [k, withoutSecrets(v)]));
}

/**
 * Every export is audited by one mechanism: the route registrar records each file reply before its
 * handler runs, so a new export needs no code of its own. A failure to record fails the export
 * (500) before any byte of the file leaves.
 */
export function registerExportAudit(app: FastifyInstance, db: Db): void {
  const audit = createAuditRepository(db);
  app.decorate('recordExport', (user: SessionUser, ip: string, path: string, filters: object) =>
    audit.record(user, ip, { action: 'export', target: path, detail: withoutSecrets(filters) as object }),
  );
}
