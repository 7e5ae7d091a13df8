import { z } from 'zod';
import { TOKEN_NAME } from '../envelope.js';
import { DYNAMIC_DEFAULT } from '../fields.js';
import { listCalls } from './all-calls.js';
import { isFileReply, type CallDeclaration } from './call.js';

type Json = Record<string, unknown>;
type Listed = { name: string; call: CallDeclaration };

const METHOD_ORDER = ['get', 'post', 'put', 'delete'] as const;

const INFO = {
  title: '车联网风控平台 API',
  version: '1.0.0',
  description: [
    '由 packages/contracts 中每个调用的声明生成（packages/contracts/src/api/openapi.ts），不要手工修改；重新生成：`npm run openapi`。',
    '',
    '成功的回复是信封 `{ code, msg, result }`（会话与菜单为 `{ code, msg, data }`），`code` 为 200（或 0）；',
    '失败的回复是 `ErrorEnvelope`，HTTP 状态与 `code` 对应（登录失效为 HTTP 401、code 5003）。',
    `除公开调用外，请求须在 \`${TOKEN_NAME}\` 请求头中携带登录令牌（也接受 \`Authorization: Bearer …\`）。`,
    '服务器设置 ENCRYPTION=all 时，JSON 请求体以 `{ param }` 形式 RSA 加密发送（见 /publicKey）。',
  ].join('\n'),
};

const ERROR_RESPONSES = {
  400: ['BadInput', '参数错误：每个有误的字段各说一次（"参数错误：pageSize 不能大于1000"）'],
  401: ['InvalidToken', '未登录或登录已失效（code 5003）'],
  403: ['NoPermission', '没有权限执行此操作（code 401）'],
  404: ['NotFound', '数据不存在'],
  409: ['Conflict', '与现有数据冲突'],
  413: ['TooLarge', '请求体过大'],
  429: ['TooMany', '请求过于频繁'],
  500: ['ServerError', '服务器内部错误；requestId 对应服务器日志中的一行'],
} as const satisfies Record<number, readonly [string, string]>;

const errorRef = (status: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status][0]}` });

const ErrorEnvelope = {
  type: 'object',
  description: '失败的回复',
  properties: {
    code: { type: 'integer', description: '400 参数错误、401 无权限、404 不存在、409 冲突、413 过大、429 过于频繁、500 内部错误、5003 登录失效' },
    msg: { type: 'string', description: '给用户看的说明（中文）' },
    requestId: { type: 'string', description: '仅 500：服务器日志中这次请求的编号' },
  },
  required: ['code', 'msg'],
};

/**
 * Fills in what `toJSONSchema` drops: a default under a schema that states its own JSON Schema
 * (`int()`'s `meta`), so the document shows `pageSize` defaults to 10.
 */
function keepDefaults(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  if (ctx.jsonSchema[DYNAMIC_DEFAULT]) {
    // Today's value would make the document change every day; the description says what it is.
    delete ctx.jsonSchema[DYNAMIC_DEFAULT];
    delete ctx.jsonSchema.default;
    return;
  }
  const def = (ctx.zodSchema as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def;
  if (def.type !== 'default' || 'default' in ctx.jsonSchema) return;
  const value = def.defaultValue;
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) ctx.jsonSchema.default = value;
}

/**
 * A zod schema as JSON Schema for the document: no `$schema`, and its `$defs` (recursive types,
 * such as a department tree) moved to `components.schemas` under names prefixed with `owner`.
 */
function toSchema(schema: z.ZodType, io: 'input' | 'output', owner: string, components: Json): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: keepDefaults }) as Json;
  delete json.$schema;
  const defs = json.$defs as Record<string, Json> | undefined;
  if (!defs) return json;
  delete json.$defs;
  const names = new Map(Object.keys(defs).map((key) => [`#/$defs/${key}`, `#/components/schemas/${owner}.${key.replace(/^_+/, '')}`]));
  const relink = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(relink);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? (names.get(v) ?? v) : relink(v)]),
    );
  };
  for (const [key, def] of Object.entries(defs)) components[names.get(`#/$defs/${key}`)!.split('/').pop()!] = relink(def);
  return relink(json) as Json;
}

/** One query parameter per property of the query object (or one object parameter when it is not a plain object). */
function queryParameters(query: z.ZodType, owner: string, schemas: Json): Json[] {
  const json = toSchema(query, 'input', `${owner}.query`, schemas);
  const properties = json.properties as Record<string, Json> | undefined;
  if (!properties) return [{ name: 'query', in: 'query', style: 'form', explode: true, schema: json }];
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...schema } = property;
    return {
      name,
      in: 'query',
      ...(typeof description === 'string' ? { description } : {}),
      required: required.has(name),
      schema,
    };
  });
}

function requestBody(call: CallDeclaration, owner: string, schemas: Json): Json | undefined {
  if (!call.body) return undefined;
  const media = call.bodyFormat === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return { required: true, content: { [media]: { schema: toSchema(call.body, 'input', `${owner}.body`, schemas) } } };
}

function successResponse(call: CallDeclaration, owner: string, schemas: Json): Json {
  if (isFileReply(call.reply)) {
    return {
      description: '文件',
      headers: { 'Content-Disposition': { description: '附件及其文件名', schema: { type: 'string' } } },
      content: { [call.reply.file]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  const key = call.envelope === 'data' ? 'data' : 'result';
  const envelope = {
    type: 'object',
    properties: {
      code: { type: 'integer', description: '200（或 0）表示成功' },
      msg: { type: 'string' },
      [key]: toSchema(call.reply, 'output', `${owner}.reply`, schemas),
    },
    required: ['code', 'msg', key],
  };
  return { description: '成功', content: { 'application/json': { schema: envelope } } };
}

function accessText(access: CallDeclaration['access']): string {
  if (access === 'public') return '公开：无需登录。';
  if (access === 'signedIn') return '需要登录。';
  return `需要登录，且须有权限 \`${access}\`。`;
}

/** The error replies a call can give, from what its declaration says it checks. */
function errorResponses(call: CallDeclaration, inputNames: string[]): Json {
  const out: Json = {};
  if (call.query || call.body) out[400] = errorRef(400);
  if (call.access !== 'public') out[401] = errorRef(401);
  if (call.access !== 'public' && call.access !== 'signedIn') out[403] = errorRef(403);
  // A call that names a record by its id answers 404 when it is gone or out of the caller's scope.
  if (inputNames.some((n) => n === 'id' || n === 'ids')) out[404] = errorRef(404);
  if (call.body) out[413] = errorRef(413);
  out[500] = errorRef(500);
  return out;
}

function operation({ name, call }: Listed, schemas: Json): Json {
  const parameters = call.query ? queryParameters(call.query, name, schemas) : [];
  const body = requestBody(call, name, schemas);
  const bodySchema = body && (Object.values(body.content as Json)[0] as { schema: Json }).schema;
  const inputNames = [...parameters.map((p) => p.name as string), ...Object.keys((bodySchema?.properties as Json | undefined) ?? {})];
  const access = call.access;
  return {
    operationId: name,
    tags: [call.tag],
    summary: call.summary,
    description: accessText(access),
    ...(access === 'public' ? {} : { security: [{ [TOKEN_NAME]: [] }] }),
    ...(access === 'public' || access === 'signedIn' ? {} : { 'x-permission': access }),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { 200: successResponse(call, name, schemas), ...errorResponses(call, inputNames) },
  };
}

/**
 * The OpenAPI 3.1 document of the declared calls. Deterministic: the same declarations give the
 * same JSON text (paths sorted, methods in a fixed order), so docs/openapi.json can be checked.
 */
export function buildOpenApi(calls: Listed[] = listCalls()): Json {
  const schemas: Json = { ErrorEnvelope };
  const byPath = new Map<string, Map<string, Json>>();
  const tags: string[] = [];
  for (const listed of calls) {
    const { method, path, tag } = listed.call;
    const methods = byPath.get(path) ?? new Map<string, Json>();
    const key = method.toLowerCase();
    if (methods.has(key)) throw new Error(`${method} ${path} is declared twice (${listed.name} and ${String(methods.get(key)!.operationId)})`);
    methods.set(key, operation(listed, schemas));
    byPath.set(path, methods);
    if (!tags.includes(tag)) tags.push(tag);
  }
  const paths = Object.fromEntries(
    [...byPath.keys()].sort().map((path) => {
      const methods = byPath.get(path)!;
      return [path, Object.fromEntries(METHOD_ORDER.filter((m) => methods.has(m)).map((m) => [m, methods.get(m)]))];
    }),
  );
  const responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(([title, description]) => [
      title,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
    ]),
  );
  const sortedSchemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    openapi: '3.1.0',
    info: INFO,
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      schemas: sortedSchemas,
      responses,
      securitySchemes: { [TOKEN_NAME]: { type: 'apiKey', in: 'header', name: TOKEN_NAME, description: '登录（POST /api/login）得到的令牌' } },
    },
  };
}

/** The document as docs/openapi.json holds it: 2-space JSON and a final newline. */
export const openApiText = (calls?: Listed[]): string => `${JSON.stringify(buildOpenApi(calls), null, 2)}\n`;
