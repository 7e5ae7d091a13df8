import type { CallDeclaration, CallInput, CallReply, DataEnvelope, FileReply, ResultEnvelope } from '@cvrisk/contracts';
import { download as downloadFile, request, type DownloadOptions, type RequestOptions } from './http';

/** How a call is sent, beyond what its declaration fixes (method, path, body format). */
export type CallOptions = Pick<RequestOptions, 'timeout' | 'silent' | 'signal'>;

type JsonCall = CallDeclaration & { reply: Exclude<CallDeclaration['reply'], FileReply> };
type FileCall = CallDeclaration & { reply: FileReply };

function requestOptions(c: CallDeclaration, input: unknown, opts: CallOptions = {}): RequestOptions {
  const { query, body } = (input ?? {}) as { query?: Record<string, unknown>; body?: Record<string, unknown> };
  // An option left undefined must not mask the default under it (an export's longer time-out).
  const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined));
  return {
    ...given,
    method: c.method,
    params: query,
    ...(body === undefined ? {} : c.bodyFormat === 'form' ? { form: body } : { data: body }),
  };
}

/**
 * Calls a declared endpoint and gives its payload with the reply type the declaration states, so the
 * console never writes a reply type by hand and a renamed field fails the typecheck.
 */
export async function call<C extends JsonCall>(c: C, ...[input, opts]: CallArgs<C>): Promise<CallReply<C>> {
  return (await callWithMessage(c, ...([input, opts] as CallArgs<C>))).value;
}

/** The payload and the server's message, for actions that tell the operator what was done ("风险点已创建"). */
export async function callWithMessage<C extends JsonCall>(c: C, ...[input, opts]: CallArgs<C>): Promise<{ value: CallReply<C>; msg: string }> {
  const reply = await request<ResultEnvelope<CallReply<C>> & DataEnvelope<CallReply<C>>>(c.path, requestOptions(c, input, opts));
  return { value: c.envelope === 'data' ? reply.data : reply.result, msg: reply.msg };
}

/** An export call: the file and the server's name for it, with progress. */
export function download<C extends FileCall>(c: C, input: CallInput<C>, opts: Omit<DownloadOptions, keyof RequestOptions> & CallOptions) {
  return downloadFile(c.path, { ...opts, ...requestOptions(c, input, opts) });
}

/** A call without query or body takes no input. */
type CallArgs<C extends CallDeclaration> = unknown extends CallInput<C> ? [input?: undefined, opts?: CallOptions] : [input: CallInput<C>, opts?: CallOptions];
