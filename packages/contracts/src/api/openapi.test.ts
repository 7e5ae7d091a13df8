import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PageQuery } from '../envelope.js';
import { id, int } from '../fields.js';
import { listCalls } from './all-calls.js';
import { defineCall } from './call.js';
import { buildOpenApi } from './openapi.js';

type Json = Record<string, any>;

const doc = buildOpenApi() as Json;
const operationOf = (d: Json, method: string, path: string): Json => d.paths[path]?.[method.toLowerCase()];
const okSchema = (op: Json): Json => op.responses['200'].content['application/json'].schema;

/** Calls made up for the cases the declared ones may not cover (a data envelope, a form body, a tree). */
type Tree = { id: number; children: Tree[] };
const Tree: z.ZodType<Tree> = z.object({ id: z.number(), get children() { return z.array(Tree); } });
const made = [
  { name: 'made.login', call: defineCall({ method: 'POST', path: '/made/login', summary: '登录', tag: '会话', access: 'public', body: z.object({ username: z.string() }), bodyFormat: 'form', reply: z.object({ accessToken: z.string() }), envelope: 'data' }) },
  { name: 'made.tree', call: defineCall({ method: 'GET', path: '/made/tree', summary: '树', tag: '部门', access: 'signedIn', reply: z.array(Tree) }) },
  { name: 'made.export', call: defineCall({ method: 'POST', path: '/made/tree', summary: '导出', tag: '部门', access: 'dept:view', query: PageQuery.extend({ id: id() }), reply: { file: 'text/csv' } }) },
];
const madeDoc = buildOpenApi(made) as Json;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and has every declared call once, under its path and method', () => {
    expect(doc.openapi).toBe('3.1.0');
    const calls = listCalls();
    for (const { name, call } of calls) {
      const op = operationOf(doc, call.method, call.path);
      expect(op?.operationId, `${call.method} ${call.path}`).toBe(name);
      expect(op.tags).toEqual([call.tag]);
      expect(op.summary).toBe(call.summary);
    }
    const operations = Object.values(doc.paths as Json).flatMap((methods) => Object.values(methods as Json));
    expect(operations).toHaveLength(calls.length);
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(calls.length);
  });

  it('gives a query integer as an integer with its bounds and default, one parameter per field', () => {
    const op = operationOf(doc, 'GET', '/api/riskpoint/getList');
    const pageSize = op.parameters.find((p: Json) => p.name === 'pageSize');
    expect(pageSize).toEqual({ name: 'pageSize', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000, default: 20 } });
    expect(op.parameters.map((p: Json) => p.name)).toEqual(['pageNumber', 'pageSize', 'name', 'category', 'owner']);
    const near = operationOf(doc, 'GET', '/api/riskpoint/getDistanceRiskPointByCoordinate');
    expect(near.parameters.find((p: Json) => p.name === 'lng')).toMatchObject({ required: true, schema: { type: 'number', minimum: -180, maximum: 180 } });
  });

  it('carries a field description to its parameter', () => {
    const d = buildOpenApi([{ name: 'made.q', call: defineCall({ method: 'GET', path: '/made/q', summary: 'q', tag: 't', access: 'signedIn', query: z.object({ n: int({ min: 0, max: 9 }).describe('个数') }), reply: z.null() }) }]) as Json;
    expect(operationOf(d, 'GET', '/made/q').parameters[0]).toMatchObject({ name: 'n', description: '个数', required: true });
  });

  it('wraps a JSON reply in the envelope, under result or data', () => {
    const list = okSchema(operationOf(doc, 'GET', '/api/riskpoint/getList'));
    expect(list.required).toEqual(['code', 'msg', 'result']);
    expect(list.properties.code).toMatchObject({ type: 'integer' });
    expect(list.properties.result.properties.list.items.properties.name).toEqual({ type: 'string' });
    const login = okSchema(operationOf(madeDoc, 'POST', '/made/login'));
    expect(login.required).toEqual(['code', 'msg', 'data']);
    expect(login.properties.data.properties.accessToken).toEqual({ type: 'string' });
  });

  it('answers errors with the shared ErrorEnvelope, as the declaration implies', () => {
    expect(doc.components.schemas.ErrorEnvelope.required).toEqual(['code', 'msg']);
    expect(doc.components.responses.BadInput.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(Object.keys(operationOf(doc, 'DELETE', '/api/riskpoint/delete').responses)).toEqual(['200', '400', '401', '403', '404', '500']);
    expect(Object.keys(operationOf(madeDoc, 'GET', '/made/tree').responses)).toEqual(['200', '401', '500']);
    expect(Object.keys(operationOf(madeDoc, 'POST', '/made/login').responses)).toEqual(['200', '400', '413', '500']);
  });

  it('asks for the token on every call but the public ones, and names the permission', () => {
    for (const { call } of listCalls()) {
      const op = operationOf(doc, call.method, call.path);
      if (call.access === 'public') expect(op.security).toBeUndefined();
      else expect(op.security).toEqual([{ accessToken: [] }]);
    }
    expect(doc.components.securitySchemes.accessToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'accessToken' });
    const save = operationOf(doc, 'POST', '/api/riskpoint/save');
    expect(save['x-permission']).toBe('riskPoint:edit');
    expect(save.description).toContain('riskPoint:edit');
    const login = operationOf(madeDoc, 'POST', '/made/login');
    expect(login.security).toBeUndefined();
    expect(login['x-permission']).toBeUndefined();
    expect(operationOf(madeDoc, 'GET', '/made/tree')['x-permission']).toBeUndefined();
  });

  it('describes a form body, a file reply and a recursive type', () => {
    expect(Object.keys(operationOf(madeDoc, 'POST', '/made/login').requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    const file = operationOf(madeDoc, 'POST', '/made/tree').responses['200'];
    expect(file.content).toEqual({ 'text/csv': { schema: { type: 'string', format: 'binary' } } });
    const items = okSchema(operationOf(madeDoc, 'GET', '/made/tree')).properties.result.items;
    expect(items).toEqual({ $ref: '#/components/schemas/made.tree.reply.schema0' });
    expect(madeDoc.components.schemas['made.tree.reply.schema0'].properties.children.items).toEqual(items);
  });

  it('is the same text every time, with no $schema or $defs embedded', () => {
    const text = JSON.stringify(doc);
    expect(JSON.stringify(buildOpenApi())).toBe(text);
    expect(text).not.toContain('$schema');
    expect(text).not.toContain('$defs');
    for (const ref of text.matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)) expect(doc.components[ref[1]!][ref[2]!], ref[0]).toBeDefined();
  });

  it('refuses two declarations of one method and path', () => {
    expect(() => buildOpenApi([made[1]!, { ...made[1]!, name: 'made.again' }])).toThrow('GET /made/tree is declared twice (made.again and made.tree)');
  });
});
