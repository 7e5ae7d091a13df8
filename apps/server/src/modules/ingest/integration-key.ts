import crypto from 'node:crypto';
import { invalidToken } from '../../lib/errors.js';
import { ALL, type Scope } from '../../lib/scope.js';
import { LAST_USED_GRANULARITY_MS, type IngestRepository } from './ingest.repository.js';

/** Only the key's hash is stored: a leaked table does not leak keys. */
export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** What the key check reads and writes. */
export type IntegrationKeys = Pick<IngestRepository, 'findIntegration' | 'subtreeDeptIds' | 'markUsed'>;

/**
 * The departments an integration may act for, from its key (the `x-api-key` header): its own subtree,
 * as a user's scope. Every call an integration makes checks the key this way, before the body. The key
 * is looked up in the database on every call (no cache), so a revoked key is refused at once by every
 * API process; a revoked key gets the same answer as an unknown one, so a stranger learns nothing.
 */
export async function integrationScope(repo: IntegrationKeys, key: string | undefined, now: number = Date.now()): Promise<Scope> {
  const integration = key ? await repo.findIntegration(hashKey(key)) : undefined;
  if (!integration) throw invalidToken('API key 无效');
  if (integration.last_used_at === null || integration.last_used_at <= now - LAST_USED_GRANULARITY_MS) await repo.markUsed(integration.id, now);
  if (integration.kind === 'platform') return ALL;
  return { kind: 'depts', deptIds: (await repo.subtreeDeptIds(integration.path)).map((r) => r.id) };
}
