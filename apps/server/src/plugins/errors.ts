import http from 'node:http';
import type { Socket } from 'node:net';
import { Codes, HTTP_STATUS_OF_CODE, type ErrorEnvelope } from '@cvrisk/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** Fastify's own client-error codes, answered in the envelope with a Chinese message: [envelope code, message]. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [Codes.BAD_INPUT, '请求体不是有效的 JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [Codes.TOO_LARGE, '请求体过大'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [Codes.BAD_INPUT, '不支持的请求内容类型'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [Codes.BAD_INPUT, '请求长度无效'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [Codes.BAD_INPUT, '请求体为空'],
  FST_ERR_BAD_URL: [Codes.BAD_INPUT, '请求地址无效：% 编码有误'],
  FST_ERR_MAX_PARAM_LENGTH: [Codes.BAD_INPUT, '请求地址过长'],
};

/** What Node's HTTP parser refuses before Fastify sees a request (the `clientError` event). */
function clientErrorEnvelope(code: string | undefined): ErrorEnvelope {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { code: Codes.REQUEST_TIMEOUT, msg: '请求超时：未在规定时间内收到完整的请求' };
  if (code === 'HPE_HEADER_OVERFLOW') return { code: Codes.HEADERS_TOO_LARGE, msg: '请求头过大' };
  return { code: Codes.BAD_INPUT, msg: '请求格式无效' };
}

const statusOf = (code: number) => HTTP_STATUS_OF_CODE[code] ?? 400;

/**
 * Fastify's `clientErrorHandler`: requests too slow, with too large a head, or not HTTP at all are
 * answered on the bare socket (there is no request object yet) in the envelope, then the connection closes.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err }, 'client error');
  // A reply already under way (a slow upload after its answer began) cannot get a second one.
  const answering = (socket as { _httpMessage?: http.ServerResponse })._httpMessage?.headersSent;
  if (socket.writable && !answering) {
    const envelope = clientErrorEnvelope(err.code);
    const body = JSON.stringify(envelope);
    const status = statusOf(envelope.code);
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      Connection: 'close',
      ...SECURITY_HEADERS,
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy();
}

function sendError(reply: FastifyReply, code: number, msg: string): FastifyReply {
  const body: ErrorEnvelope = { code, msg };
  return reply.status(statusOf(code)).send(body);
}

/** A 500 carries the request id, so support can find the log line, and never a stack. */
function sendInternalError(request: FastifyRequest, reply: FastifyReply, err: unknown, what: string): FastifyReply {
  request.log.error({ err }, what);
  const body: ErrorEnvelope = { code: Codes.ERROR, msg: '服务器内部错误，请稍后重试', requestId: String(request.id) };
  return reply.status(500).send(body);
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded is refused before routing, so neither the
 * error handler nor the hooks that add the security headers run for it.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS);
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  if (known) {
    sendError(reply, ...known);
    return;
  }
  sendInternalError(request, reply, error, 'framework error');
}

/** Every failure leaves as `{code, msg}`; a 500 carries the request id and never a stack. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error.code, error.message);
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, ...known);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendError(reply, Codes.BAD_INPUT, `请求无效：${error.message}`);
    return sendInternalError(request, reply, error, 'unhandled error');
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: Codes.NOT_FOUND, msg: `接口不存在：${request.method} ${request.url.split('?')[0]}` });
  });
}
