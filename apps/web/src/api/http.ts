import {
  CLIENT_HEADERS,
  EXPORT_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  TOKEN_NAME,
} from '@cvrisk/contracts';
import { loadLang, makeTranslate } from '../lib/i18n/translate';
import { ApiError, outcomeOf, readReply, type Envelope, type Failure } from './envelope';
import { apiHooks } from './hooks';
import { encodeJsonBody } from './publicKey';
import { fileNameFrom, toSearch, withQuery } from './serialize';
import { getToken, removeToken } from './token';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions = {
  method?: Method;
  /** Query-string parameters; empty values are left out. */
  params?: Record<string, unknown>;
  /** JSON body (encrypted into `param` when the server asks for it). */
  data?: unknown;
  /** Form-encoded body. */
  form?: Record<string, unknown>;
  timeout?: number;
  /** Throw failures without toasting or sending to /401: the caller shows them. */
  silent?: boolean;
  signal?: AbortSignal;
};

export type DownloadOptions = RequestOptions & {
  fallbackName: string;
  onProgress?: (receivedBytes: number, totalBytes: number | null) => void;
};

function failWith(failure: Failure): never {
  throw new ApiError(failure, outcomeOf(failure, makeTranslate(loadLang())).message);
}

async function bodyOf(url: string, opts: RequestOptions): Promise<{ body?: string; type?: string }> {
  if (opts.form) return { body: toSearch(opts.form), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
  // A call without a payload sends no body at all, so there is nothing to encrypt either.
  if (opts.data === undefined) return {};
  const payload = await encodeJsonBody(url, opts.data);
  return { body: JSON.stringify(payload), type: 'application/json;charset=UTF-8' };
}

/**
 * Sends one call and hands the response to `read` while the time-out still runs, so a reply
 * that stalls half-way counts as a time-out too.
 */
async function exchange<T>(url: string, opts: RequestOptions, read: (res: Response) => Promise<T>): Promise<T> {
  const { body, type } = await bodyOf(url, opts);
  if (opts.signal?.aborted) failWith({ kind: 'cancelled' });
  const headers: Record<string, string> = { ...CLIENT_HEADERS, Accept: 'application/json, */*' };
  const token = getToken();
  if (token) headers[TOKEN_NAME] = token;
  if (type) headers['Content-Type'] = type;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeout ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const res = await fetch(withQuery(url, opts.params), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    return await read(res);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (timedOut) failWith({ kind: 'timeout' });
    if (opts.signal?.aborted) failWith({ kind: 'cancelled' });
    return failWith(e instanceof TypeError ? { kind: 'network' } : { kind: 'unknown' });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function readEnvelope(res: Response): Promise<Envelope> {
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  const reply = readReply(res.status, parsed);
  if (!reply.ok) failWith(reply.failure);
  return reply.body;
}

/** The side effects of a failure (console-spec §8): toast, back to login, or /401. */
function report(error: ApiError, silent: boolean): void {
  const outcome = outcomeOf(error.failure, makeTranslate(loadLang()));
  const hooks = apiHooks();
  if (outcome.action === 'relogin') {
    // The token is dead whoever asked; keeping it would only repeat the failure.
    removeToken();
    hooks.relogin(outcome.message);
  } else if (!silent && outcome.action === 'forbidden') hooks.forbidden();
  else if (!silent && outcome.action === 'toast') hooks.toast(outcome.message);
}

async function guarded<T>(opts: RequestOptions, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const error = e instanceof ApiError ? e : new ApiError({ kind: 'unknown' }, String(e));
    report(error, opts.silent ?? false);
    throw error;
  }
}

export function request<E extends Envelope>(url: string, opts: RequestOptions = {}): Promise<E> {
  return guarded(opts, () => exchange(url, opts, readEnvelope)) as Promise<E>;
}

async function readStream(res: Response, onProgress: DownloadOptions['onProgress']): Promise<Blob> {
  const length = Number(res.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!res.body || !onProgress) return res.blob();
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received, total);
  }
  return new Blob(chunks, { type: res.headers.get('Content-Type') ?? 'application/octet-stream' });
}

/** An export: the file and the server's name for it. A JSON reply instead of a file is an error envelope. */
export function download(url: string, opts: DownloadOptions): Promise<{ blob: Blob; fileName: string }> {
  const withTimeout = { method: 'POST' as const, timeout: EXPORT_TIMEOUT_MS, ...opts };
  return guarded(withTimeout, () =>
    exchange(url, withTimeout, async (res) => {
      const isJson = (res.headers.get('Content-Type') ?? '').includes('application/json');
      if (isJson || !res.ok) {
        await readEnvelope(res);
        failWith({ kind: 'unknown' });
      }
      const blob = await readStream(res, opts.onProgress);
      return { blob, fileName: fileNameFrom(res.headers.get('Content-Disposition'), opts.fallbackName) };
    }),
  );
}
