import crypto from 'node:crypto';
import { invalidToken } from '../../lib/errors.js';
import { ALL, type Scope } from '../../lib/scope.js';
import type { IngestRepository } from './ingest.repository.js';

/** Only the key's hash is stored: a leaked table does not leak keys. */
export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/**
 * The departments an integration may act for, from its key (the `x-api-key` header): its own subtree,
 * as a user's scope. Every call an integration makes checks the key this way, before the body.
 */
export async function integrationScope(repo: Pick<IngestRepository, 'findIntegration' | 'subtreeDeptIds'>, key: string | undefined): Promise<Scope> {
  const integration = key ? await repo.findIntegration(hashKey(key)) : undefined;
  if (!integration) throw invalidToken('API key 无效');
  if (integration.kind === 'platform') return ALL;
  return { kind: 'depts', deptIds: (await repo.subtreeDeptIds(integration.path)).map((r) => r.id) };
}
