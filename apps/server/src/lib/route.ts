import { Codes, isFileReply, type CallDeclaration, type CallParsed, type CallResult } from '@cvrisk/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { userOf } from '../plugins/auth.js';
import type { SessionUser } from '../modules/session/session-user.js';
import { parse } from './validate.js';

/** A reply with its own message ("风险点已创建") instead of 操作成功. */
export class Said<T> {
  constructor(
    readonly msg: string,
    readonly value: T,
  ) {}
}
export const said = <T>(msg: string, value: T) => new Said(msg, value);

type Context<C extends CallDeclaration> = CallParsed<C> & {
  /** The caller; on a public call there is none. */
  user: C['access'] extends 'public' ? null : SessionUser;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A JSON call answers its payload (or a `said` one); a file call writes the reply itself. */
type Handler<C extends CallDeclaration> = (ctx: Context<C>) => Promise<C['reply'] extends ZodType ? CallResult<C> | Said<CallResult<C>> : FastifyReply>;

export type RouteOptions = {
  /**
   * Send the payload without passing it through the reply schema. Only for replies too large to walk
   * on every request (the map's whole fleet); the fuzz test still checks them against the schema.
   */
  trustReply?: boolean;
  /** A larger body than the server's default, for a call that takes batches (the position ingest). */
  bodyLimit?: number;
};

/** The route's access in the form the auth hook reads. */
function accessConfig({ access, beforePasswordChange }: CallDeclaration): FastifyContextConfig {
  if (access === 'public') return { public: true };
  const open = beforePasswordChange ? { beforePasswordChange } : {};
  return access === 'signedIn' ? open : { ...open, permission: access };
}

/**
 * Registers a declared call: its input is parsed strictly from the declaration (a 400 naming each
 * bad field), the handler gets typed values, and its payload leaves through the reply schema, so a
 * field the declaration does not name never reaches the caller.
 */
export function route<C extends CallDeclaration>(app: FastifyInstance, call: C, handler: Handler<C>, options: RouteOptions = {}): void {
  const replySchema = isFileReply(call.reply) ? null : call.reply;
  app.route({
    method: call.method,
    url: call.path,
    config: accessConfig(call),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler: async (request, reply) => {
      const ctx = {
        query: call.query ? parse(call.query, request.query) : undefined,
        body: call.body ? parse(call.body, request.body) : undefined,
        user: call.access === 'public' ? null : userOf(request),
        request,
        reply,
      } as Context<C>;
      // A file reply is data leaving the product: who took what, with which filters, is recorded before any byte leaves.
      if (!replySchema && !('template' in call.reply) && ctx.user) await request.server.recordExport(ctx.user, request.ip, call.path, { ...(ctx.query as object), ...(ctx.body as object) });
      const out = await handler(ctx);
      if (!replySchema) return out;
      const { msg, value } = out instanceof Said ? out : { msg: '操作成功', value: out };
      const payload = options.trustReply ? value : replySchema.parse(value);
      return call.envelope === 'data' ? { code: Codes.OK, msg, data: payload } : { code: Codes.OK, msg, result: payload };
    },
  });
}
