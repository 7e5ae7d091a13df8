import { EncryptedBody } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { badInput } from '../lib/errors.js';
import { decryptParam, type RsaKeys } from '../lib/rsa.js';

export type EncryptionMode = 'off' | 'login' | 'all';

/**
 * With encryption on, covered calls must arrive as `{param}` (server-behaviour §3): a plain body
 * there is refused, so turning the setting on really protects what it covers.
 */
export function registerEncryption(app: FastifyInstance, mode: EncryptionMode, keys: RsaKeys | null): void {
  if (mode === 'off' || !keys) return;
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.method === 'GET') return;
    // The key itself must be fetchable in the clear, and a call without data has nothing to protect.
    const url = request.routeOptions.url;
    const empty = typeof request.body === 'object' && request.body !== null && Object.keys(request.body).length === 0;
    const covered = (mode === 'all' && url !== '/publicKey') || url === '/api/login';
    if (!covered || empty) return;
    const parsed = EncryptedBody.safeParse(request.body);
    if (!parsed.success) throw badInput('参数错误：该接口要求加密传输（param）');
    request.body = decryptParam(keys, parsed.data.param);
  });
}
