import { Codes, HTTP_STATUS_OF_CODE, type ErrorEnvelope } from '@cvrisk/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';

/** Fastify's own client-error codes, answered in the envelope with a Chinese message. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度无效',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体为空',
};

/** Every failure leaves as `{code, msg}`; a 500 carries the request id and never a stack. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorEnvelope = { code: error.code, msg: error.message };
      return reply.status(HTTP_STATUS_OF_CODE[error.code] ?? 400).send(body);
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply.status(400).send({ code: Codes.BAD_INPUT, msg: known ?? `请求无效：${error.message}` });
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ErrorEnvelope = { code: Codes.ERROR, msg: '服务器内部错误，请稍后重试', requestId: String(request.id) };
    return reply.status(500).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: Codes.NOT_FOUND, msg: `接口不存在：${request.method} ${request.url.split('?')[0]}` });
  });
}
