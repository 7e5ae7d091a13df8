// The envelope's codes, header and types without a schema: what the console's HTTP client needs on
// the login page, where zod is not loaded (envelope.ts adds the paging schemas and re-exports these).

/** Reply codes shared by server and console (console-spec §8–9, server-behaviour §3). */
export const Codes = {
  OK: 200,
  OK_ALT: 0,
  BAD_INPUT: 400,
  NO_PERMISSION: 401,
  NOT_FOUND: 404,
  /** The request did not arrive in time (a client too slow, or one that stopped sending). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  /** The body is larger than the server accepts. */
  TOO_LARGE: 413,
  TOO_MANY: 429,
  /** The request head (URL, cookies, headers) is larger than the server accepts. */
  HEADERS_TOO_LARGE: 431,
  ERROR: 500,
  INVALID_TOKEN: 5003,
} as const;

export const SUCCESS_CODES: readonly number[] = [Codes.OK, Codes.OK_ALT];

/** HTTP status sent with each non-success code. */
export const HTTP_STATUS_OF_CODE: Record<number, number> = {
  [Codes.BAD_INPUT]: 400,
  [Codes.NO_PERMISSION]: 403,
  [Codes.NOT_FOUND]: 404,
  [Codes.REQUEST_TIMEOUT]: 408,
  [Codes.CONFLICT]: 409,
  [Codes.TOO_LARGE]: 413,
  [Codes.TOO_MANY]: 429,
  [Codes.HEADERS_TOO_LARGE]: 431,
  [Codes.ERROR]: 500,
  [Codes.INVALID_TOKEN]: 401,
};

/** The header (and local-storage key) that carries the session token. */
export const TOKEN_NAME = 'accessToken';

/** Session and menu calls answer under `data`. */
export type DataEnvelope<T> = { code: number; msg: string; data: T };
/** Business calls answer under `result`. */
export type ResultEnvelope<T> = { code: number; msg: string; result: T };
/** An error reply; `requestId` is present on 500s so support can find the log line. */
export type ErrorEnvelope = { code: number; msg: string; requestId?: string };

export function isSuccessCode(code: unknown): boolean {
  return typeof code === 'number' && SUCCESS_CODES.includes(code);
}

/** Export calls run long; the console waits this long for them (console-spec §9). */
export const REQUEST_TIMEOUT_MS = 30_000;
export const EXPORT_TIMEOUT_MS = 300_000;
