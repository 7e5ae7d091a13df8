import type { z } from 'zod';
import type { Permission } from '../permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A reply that is a file (an export), not an envelope; `file` is its media type. `template`: a blank
 * form to fill in, holding no product data, so fetching it is not recorded as an export.
 */
export type FileReply = { file: string; template?: true };

/** The reply of an Excel export. */
export const XLSX_FILE = { file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const satisfies FileReply;

/** A blank Excel form (an import template). */
export const XLSX_TEMPLATE = { ...XLSX_FILE, template: true } as const satisfies FileReply;

/**
 * One call of the API, declared once. The server registers its route from this (input parsed with
 * `query`/`body`, reply serialised through `reply`, access checked), the console calls it through
 * `call()` typed by it, and the OpenAPI document and the fuzz test are generated from it.
 */
export type CallDeclaration = {
  method: HttpMethod;
  path: `/${string}`;
  /** One line for the API document. */
  summary: string;
  /** The document's section (a feature). */
  tag: string;
  /** 'public': no session; 'signedIn': any session; else the permission the caller must hold. */
  access: 'public' | 'signedIn' | Permission;
  /**
   * Open to a signed-in user whose password must still be changed: the change itself, sign-out and
   * the user's own profile and menu. Every other call refuses them until the change (server-enforced).
   */
  beforePasswordChange?: true;
  /** The query string, an object schema. */
  query?: z.ZodType;
  /** The JSON body (or form body with `bodyFormat: 'form'`), an object schema. */
  body?: z.ZodType;
  bodyFormat?: 'json' | 'form';
  /** The payload of a successful reply, or a file. */
  reply: z.ZodType | FileReply;
  /** Session and menu calls answer under `data` (console-spec §7); business calls under `result`. */
  envelope?: 'result' | 'data';
};

/** Keeps the literal types of a declaration (its path, method and schemas) for the server and client. */
export function defineCall<const C extends CallDeclaration>(call: C): C {
  return call;
}

type SchemaOf<C, K extends 'query' | 'body'> = C extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What a caller sends: the schemas' input types (defaults optional, numbers as numbers). */
export type CallInput<C extends CallDeclaration> = ([SchemaOf<C, 'query'>] extends [never] ? unknown : { query: z.input<SchemaOf<C, 'query'>> }) &
  ([SchemaOf<C, 'body'>] extends [never] ? unknown : { body: z.input<SchemaOf<C, 'body'>> });

/** What a handler receives: the parsed values, defaults filled in. */
export type CallParsed<C extends CallDeclaration> = {
  query: [SchemaOf<C, 'query'>] extends [never] ? undefined : z.output<SchemaOf<C, 'query'>>;
  body: [SchemaOf<C, 'body'>] extends [never] ? undefined : z.output<SchemaOf<C, 'body'>>;
};

/** The payload a caller gets back; a file call gives a Blob (the console) or a stream (the server writes it). */
export type CallReply<C extends CallDeclaration> = C['reply'] extends z.ZodType ? z.output<C['reply']> : never;

/** What a handler must give for the reply schema to accept it. */
export type CallResult<C extends CallDeclaration> = C['reply'] extends z.ZodType ? z.input<C['reply']> : never;

export const isFileReply = (reply: CallDeclaration['reply']): reply is FileReply => 'file' in reply && typeof (reply as FileReply).file === 'string';
