import type { CallDeclaration } from '@cvrisk/contracts';
import { z } from 'zod';
import type { Rng } from './random.js';

/**
 * Test inputs generated from a call's declaration: valid ones, boundary values and wrong ones. The
 * shape is read from the JSON Schema of the query/body schema (io: input); whether a case is valid is
 * decided by the schema itself on what the server will see after the wire (a query string comes back
 * as strings, a form body as its last values, JSON as JSON), so the generator may be approximate.
 */

/** The parts of a JSON Schema (draft 2020-12, as zod writes it) the generator reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** A value to use for a field of this name (real device numbers, plates…), or undefined for none. */
export type Hints = (name: string, rng: Rng) => unknown;

export type FuzzCase = {
  kind: 'valid' | 'boundary' | 'invalid';
  /** What was done to the base input, e.g. `body.id = true`. */
  what: string;
  /** The inputs before serialisation (undefined: the part is not sent). */
  query?: unknown;
  body?: unknown;
  /** What is sent. */
  url: string;
  payload?: string;
  contentType?: string;
  /** Whether the declaration accepts what the server receives. */
  valid: boolean;
};

/** A 100 KB string: larger than any text field, far smaller than the body limit. */
export const BIG_TEXT = 'x'.repeat(100 * 1024);

/** Wrong types and shapes every field is tried with (the loose inputs the issue says must end). */
const WRONG_VALUES: readonly [string, unknown][] = [
  ['true', true],
  ['"0x10"', '0x10'],
  ['" 12 "', ' 12 '],
  ['"1e1"', '1e1'],
  ['1.5', 1.5],
  ['[]', []],
  ['{}', {}],
  ['null', null],
  ['-1', -1],
  ['a 100 KB string', BIG_TEXT],
];

const ABSENT = Symbol('absent');

const jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();

/** The input JSON Schema of a zod schema (cached); transforms and refinements read as "any". */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let out = jsonSchemas.get(schema);
  if (!out) {
    out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    jsonSchemas.set(schema, out);
  }
  return out;
}

// ---------------------------------------------------------------- valid values

type Ctx = { root: JsonSchema; rng: Rng; hints: Hints };

function deref(node: JsonSchema, root: JsonSchema): JsonSchema {
  let n = node;
  for (let i = 0; n.$ref && i < 10; i++) {
    const name = n.$ref.replace(/^#\/\$defs\//, '');
    n = n.$ref === '#' ? root : (root.$defs?.[name] ?? {});
  }
  return n;
}

function typesOf(node: JsonSchema): string[] {
  if (Array.isArray(node.type)) return node.type;
  if (node.type) return [node.type];
  if (node.properties) return ['object'];
  if (node.items || node.prefixItems) return ['array'];
  return [];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A time in the demo's weeks, as the console sends it: `YYYY-MM-DD HH:mm:ss`. */
function timeText(rng: Rng): string {
  return `2026-${pad(rng.int(10, 11))}-${pad(rng.int(1, 28))} ${pad(rng.int(0, 23))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}`;
}

const CHARS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789测试车辆客户浙苏沪';
function text(rng: Rng, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CHARS[rng.int(0, CHARS.length - 1)];
  return s;
}

/** Guesses from a field's name, for strings whose rule a refinement holds (times, addresses, phones). */
function stringByName(name: string, rng: Rng): string | undefined {
  const n = name.toLowerCase();
  if (/time$|^(begin|end|start|from|to)$/.test(n)) return timeText(rng);
  if (/date$|day$/.test(n)) return timeText(rng).slice(0, 10);
  if (/month$/.test(n)) return timeText(rng).slice(0, 7);
  if (/url$/.test(n)) return `https://example.com/hook/${rng.int(1, 999)}`;
  if (/phone|mobile/.test(n)) return `138${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
  if (/secret|password/.test(n)) return text(rng, 20);
  return undefined;
}

function numberIn(node: JsonSchema, integer: boolean, rng: Rng): number {
  const step = integer ? 1 : 0.000001;
  let lo = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + step : integer ? 0 : -1000);
  let hi = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - step : lo + 1000);
  if (hi < lo) [lo, hi] = [hi, lo];
  // zod states a bare .int() as the safe-integer range: aim at the small values a refinement (a type code) allows.
  if (lo <= Number.MIN_SAFE_INTEGER) lo = Math.min(0, hi);
  if (hi >= Number.MAX_SAFE_INTEGER) hi = lo + 1000;
  if (integer) {
    lo = Math.ceil(lo);
    hi = Math.floor(hi);
    const r = rng.next();
    // Mostly small values: ids that exist, pages that are not huge; sometimes the ends and the middle.
    if (r < 0.6) return lo + rng.int(0, Math.min(20, hi - lo));
    if (r < 0.7) return lo;
    if (r < 0.8) return hi;
    return lo + Math.floor(rng.next() * (hi - lo + 1));
  }
  return Math.round((lo + rng.next() * (hi - lo)) * 1e6) / 1e6;
}

function stringFor(node: JsonSchema, name: string, ctx: Ctx): string {
  const { rng } = ctx;
  const min = node.minLength ?? 0;
  const max = node.maxLength ?? Math.max(min, 30);
  const hinted = ctx.hints(name, rng);
  const candidates = [
    ...(typeof hinted === 'string' ? [hinted] : hinted !== undefined ? [String(hinted)] : []),
    stringByName(name, rng),
    node.format === 'email' ? `u${rng.int(1, 999)}@example.com` : undefined,
    text(rng, rng.int(Math.max(min, 1), Math.max(Math.min(max, min + 12), Math.max(min, 1)))),
  ].filter((c): c is string => c !== undefined && c.length >= min && c.length <= max);
  if (node.pattern) {
    const re = new RegExp(node.pattern);
    const fitting = [...candidates, timeText(rng), timeText(rng).slice(0, 10), String(rng.int(0, 99_999)), text(rng, min || 4)].find((c) => re.test(c));
    if (fitting !== undefined) return fitting;
  }
  return candidates[0] ?? 'a'.repeat(min);
}

/** A value the node (probably) accepts; `name` is the field's, for hints. */
export function generate(node: JsonSchema, name: string, ctx: Ctx, depth = 0): unknown {
  const n = deref(node, ctx.root);
  const { rng } = ctx;
  if (n.const !== undefined) return n.const;
  if (n.enum) return rng.pick(n.enum);
  const branches = n.anyOf ?? n.oneOf;
  if (branches?.length) {
    const nonNull = branches.filter((b) => deref(b, ctx.root).type !== 'null');
    return generate(nonNull.length && rng.chance(0.85) ? rng.pick(nonNull) : rng.pick(branches), name, ctx, depth);
  }
  if (n.allOf?.length) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of n.allOf.map((p) => deref(p, ctx.root))) {
      Object.assign(merged.properties!, part.properties);
      merged.required!.push(...(part.required ?? []));
    }
    return generate(merged, name, ctx, depth);
  }
  const types = typesOf(n);
  const type = types.length > 1 && types.includes('null') && rng.chance(0.85) ? types.find((t) => t !== 'null')! : types.length ? rng.pick(types) : undefined;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(n.required ?? []);
      for (const [key, prop] of Object.entries(n.properties ?? {})) {
        if (depth > 4 && !required.has(key)) continue;
        if (required.has(key) || rng.chance(0.5)) out[key] = generate(prop, key, ctx, depth + 1);
      }
      if (!n.properties && typeof n.additionalProperties === 'object' && rng.chance(0.5)) out.k1 = generate(n.additionalProperties, 'k1', ctx, depth + 1);
      return out;
    }
    case 'array': {
      if (n.prefixItems) return n.prefixItems.map((p, i) => generate(p, `${name}[${i}]`, ctx, depth + 1));
      const min = n.minItems ?? 0;
      const length = rng.int(min, Math.max(min, Math.min(n.maxItems ?? min + 3, min + 3)));
      return Array.from({ length }, () => generate(n.items ?? {}, name.replace(/s$/, ''), ctx, depth + 1));
    }
    case 'integer':
      return numberIn(n, true, rng);
    case 'number':
      return numberIn(n, false, rng);
    case 'string':
      return stringFor(n, name, ctx);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    default: {
      // "any": a transform or refinement zod cannot describe; a hint, the default, or a guess.
      const hinted = ctx.hints(name, rng);
      if (hinted !== undefined) return hinted;
      if (n.default !== undefined && rng.chance(0.5)) return n.default;
      return rng.pick(['*', 1, 'a', true, [1], stringByName(name, rng) ?? 'b']);
    }
  }
}

// ---------------------------------------------------------------- fields and their variations

export type Field = { path: string[]; node: JsonSchema; required: boolean };

/** Every property of an object schema, nested objects included (branches of a union merged). */
export function fieldsOf(node: JsonSchema, root: JsonSchema, prefix: string[] = [], depth = 0): Field[] {
  const n = deref(node, root);
  if (depth > 3) return [];
  const objects = [n, ...(n.anyOf ?? []), ...(n.oneOf ?? []), ...(n.allOf ?? [])].map((b) => deref(b, root)).filter((b) => b.properties);
  const out: Field[] = [];
  const seen = new Set<string>();
  for (const obj of objects) {
    for (const [key, prop] of Object.entries(obj.properties!)) {
      const path = [...prefix, key];
      if (seen.has(path.join('.'))) continue;
      seen.add(path.join('.'));
      const node = deref(prop, root);
      out.push({ path, node, required: (obj.required ?? []).includes(key) });
      out.push(...fieldsOf(prop, root, path, depth + 1));
      // The fields of a list's first item (a batch of positions, say).
      if (node.items) out.push(...fieldsOf(node.items, root, [...path, '0'], depth + 1));
    }
  }
  return out;
}

/** Boundary values of a field: its ends, its longest text, each enum value, left out, left empty. */
function boundaries(f: Field, root: JsonSchema): [string, unknown][] {
  const n = deref(f.node, root);
  const out: [string, unknown][] = [];
  const types = typesOf(n);
  if (n.minimum !== undefined) out.push(['its minimum', n.minimum]);
  if (n.maximum !== undefined) out.push(['its maximum', n.maximum]);
  if (n.minLength !== undefined && n.minLength > 0) out.push(['its shortest text', '测'.repeat(n.minLength)]);
  if (n.maxLength !== undefined) {
    out.push(['its longest text', '测'.repeat(n.maxLength)]);
    out.push(['its longest text in ASCII', 'a'.repeat(n.maxLength)]);
  }
  if (n.minItems !== undefined && types.includes('array')) out.push(['its fewest items', Array.from({ length: n.minItems }, () => 1)]);
  for (const v of n.enum ?? []) out.push([JSON.stringify(v), v]);
  if (!f.required) {
    out.push(['left out', ABSENT]);
    out.push(['""', '']);
  }
  if (types.includes('string') && n.minLength === undefined) out.push(['""', '']);
  return out;
}

/** Wrong values of a field: wrong types and shapes, one past each end, one character too many. */
function wrongs(f: Field, root: JsonSchema): [string, unknown][] {
  const n = deref(f.node, root);
  const out: [string, unknown][] = [...WRONG_VALUES];
  if (n.minimum !== undefined) out.push(['one below its minimum', n.minimum - 1]);
  if (n.maximum !== undefined) out.push(['one above its maximum', n.maximum + 1]);
  if (n.exclusiveMaximum !== undefined) out.push(['its exclusive maximum', n.exclusiveMaximum]);
  if (n.maxLength !== undefined) out.push(['one character too many', '测'.repeat(n.maxLength + 1)]);
  if (n.maxItems !== undefined) out.push(['one item too many', Array.from({ length: n.maxItems + 1 }, () => 1)]);
  if (n.enum) out.push(['a value not in its list', 'notAChoice']);
  if (f.required) out.push(['left out', ABSENT]);
  return out;
}

function clone<T>(v: T): T {
  return v === undefined ? v : (structuredClone(v) as T);
}

/** The input with the value at `path` replaced (ABSENT removes it); missing parents become objects (lists for index 0). */
export function withValue(base: unknown, path: string[], value: unknown): unknown {
  const out = (typeof base === 'object' && base !== null && !Array.isArray(base) ? clone(base) : {}) as Record<string, unknown>;
  let at = out;
  path.slice(0, -1).forEach((key, i) => {
    const next = at[key];
    const wantList = path[i + 1] === '0';
    if (typeof next !== 'object' || next === null || Array.isArray(next) !== wantList) at[key] = wantList ? [] : {};
    at = at[key] as Record<string, unknown>;
  });
  const last = path[path.length - 1]!;
  if (value === ABSENT) delete at[last];
  else at[last] = value;
  return out;
}

// ---------------------------------------------------------------- the wire

/** A query string as a browser builds one: URLSearchParams, lists as repeated keys, null as empty. */
export function toSearch(input: unknown): string {
  const params = new URLSearchParams();
  if (typeof input !== 'object' || input === null) return '';
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v === null || v === undefined ? '' : String(v));
    else params.append(key, value === null ? '' : String(value));
  }
  return params.toString();
}

/** What Fastify's query parser makes of a query string: a repeated key becomes a list. */
export function fromSearch(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const had = out[key];
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/** What reaches the handler of a part, or why it never will. */
function received(call: CallDeclaration, part: 'query' | 'body', search: string, payload: string | undefined): unknown {
  if (part === 'query') return fromSearch(search);
  if (payload === undefined) return undefined;
  if (call.bodyFormat === 'form') return Object.fromEntries(new URLSearchParams(payload));
  return payload.trim() === '' ? {} : JSON.parse(payload);
}

/** Fills `:name` path parameters (none are declared today) so a call with them is still reached. */
export function fillPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '1');
}

/** The request of a case, and whether the declaration accepts what the server will receive. */
export function wire(call: CallDeclaration, query: unknown, body: unknown): Pick<FuzzCase, 'url' | 'payload' | 'contentType' | 'valid'> {
  const search = call.query ? toSearch(query) : '';
  const url = fillPath(call.path) + (search ? `?${search}` : '');
  let payload: string | undefined;
  let contentType: string | undefined;
  if (call.body && body !== undefined) {
    if (call.bodyFormat === 'form') {
      payload = toSearch(body);
      contentType = 'application/x-www-form-urlencoded';
    } else {
      payload = JSON.stringify(body);
      contentType = 'application/json';
    }
  }
  // The server reads an absent part as {} (lib/validate.ts), so the oracle does too.
  const accepts = (schema: z.ZodType | undefined, part: 'query' | 'body') => !schema || schema.safeParse(received(call, part, search, payload) ?? {}).success;
  return { url, payload, contentType, valid: accepts(call.query, 'query') && accepts(call.body, 'body') };
}

// ---------------------------------------------------------------- the cases of a call

const noHints: Hints = () => undefined;

/** A valid input of a part: generated until the schema accepts it (or the last try, if none does). */
function validInput(call: CallDeclaration, schema: z.ZodType, part: 'query' | 'body', ctx: Ctx): unknown {
  let last: unknown;
  for (let i = 0; i < 20; i++) {
    last = generate(ctx.root, '', ctx);
    const { valid } = part === 'query' ? wire({ ...call, body: undefined }, last, undefined) : wire({ ...call, query: undefined }, undefined, last);
    if (valid) return last;
  }
  return last;
}

/** A valid input of each part the call declares (what `casesFor` varies). */
export function validBase(call: CallDeclaration, rng: Rng, hints: Hints = noHints): { query?: unknown; body?: unknown } {
  const parts = (['query', 'body'] as const).filter((p) => call[p]);
  return Object.fromEntries(parts.map((p) => [p, validInput(call, call[p]!, p, { root: jsonSchemaOf(call[p]!), rng, hints })]));
}

/**
 * `count` cases of a call: every boundary and wrong value of every field (sampled when there are
 * more than three quarters of `count`), a missing part, an unknown field, a body that is not an
 * object, and fresh valid inputs for the rest. The same seed gives the same cases.
 */
export function casesFor(call: CallDeclaration, rng: Rng, count: number, hints: Hints = noHints): FuzzCase[] {
  const parts = (['query', 'body'] as const).filter((p) => call[p]);
  const freshBase = () => validBase(call, rng, hints);
  const make = (kind: FuzzCase['kind'], what: string, input: { query?: unknown; body?: unknown }): FuzzCase => ({
    kind,
    what,
    query: input.query,
    body: input.body,
    ...wire(call, input.query, input.body),
  });

  const base = freshBase();
  const systematic: FuzzCase[] = [];
  for (const part of parts) {
    const root = jsonSchemaOf(call[part]!);
    for (const f of fieldsOf(root, root)) {
      const name = `${part}.${f.path.join('.')}`;
      for (const [label, value] of boundaries(f, root)) systematic.push(make('boundary', `${name} = ${label}`, { ...base, [part]: withValue(base[part], f.path, value) }));
      for (const [label, value] of wrongs(f, root)) systematic.push(make('invalid', `${name} = ${label}`, { ...base, [part]: withValue(base[part], f.path, value) }));
    }
    systematic.push(make('invalid', `${part} with an unknown field`, { ...base, [part]: withValue(base[part], ['zzUnknownField'], 'x') }));
    systematic.push(make('invalid', `${part} left out`, { ...base, [part]: undefined }));
    if (part === 'body' && call.bodyFormat !== 'form') {
      for (const [label, value] of [['a list', [base.body]], ['a string', 'text'], ['a number', 42], ['true', true], ['null', null]] as const) {
        systematic.push(make('invalid', `body is ${label}`, { ...base, body: value }));
      }
    }
  }
  const room = Math.max(1, Math.floor(count * 0.75));
  const chosen = systematic.length > room ? rng.shuffle(systematic).slice(0, room) : systematic;
  const out: FuzzCase[] = [make('valid', 'a valid input', base), ...chosen];
  while (out.length < count) out.push(make('valid', 'a valid input', freshBase()));
  return out.slice(0, Math.max(count, 1));
}
