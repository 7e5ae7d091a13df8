import type { FastifyInstance } from 'fastify';
import { badInput } from '../lib/errors.js';

/**
 * JSON with an empty body counts as `{}` (the console posts some calls with no payload), and
 * form-encoded bodies become plain objects, as console-spec §7 says the client may send them.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badInput('请求体不是有效的 JSON'), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
