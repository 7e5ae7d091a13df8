import type { CallDeclaration, CallResult } from '@cvrisk/contracts';
import { vi } from 'vitest';
import { jsonReply } from './renderWithProviders';

/** What a fake answer receives: the query string as text (as the server gets it) and the parsed JSON body. */
export type SentInput = { query: Record<string, string>; body: unknown };

type Answer<C extends CallDeclaration> = (input: SentInput) => CallResult<C> | Response | Promise<CallResult<C> | Response>;
type Route = { call: CallDeclaration; answer: (input: SentInput) => unknown; msg?: string };

/**
 * One answer of the fake server, typed by the call's declaration: a payload whose shape drifts from
 * the reply schema fails the typecheck. Return a `Response` (`jsonReply(...)`) for a failure. `msg` is
 * the envelope's message, for the screens that show the server's own words after a change.
 */
export function answer<C extends CallDeclaration>(call: C, reply: Answer<C> | CallResult<C>, options: { msg?: string } = {}): Route {
  return { call, answer: typeof reply === 'function' ? (reply as (input: SentInput) => unknown) : () => reply, msg: options.msg };
}

/** The encryption setting the console asks for first; the fake server never encrypts. */
const PUBLIC_KEY_OFF = { code: 200, msg: 'ok', data: { publicKey: '', encrypt: 'off', mockServer: false } };

/**
 * Stubs `fetch` with a server that knows only the given calls (and /publicKey). Anything else is a
 * 404, so a page calling what the test did not expect shows it. `sent(call)` lists what reached a call.
 */
export function fakeServer(routes: Route[]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const at = new URL(url, 'http://console.test');
    const method = init?.method ?? 'GET';
    if (at.pathname === '/publicKey') return jsonReply(PUBLIC_KEY_OFF);
    const route = routes.find((r) => r.call.path === at.pathname && r.call.method === method);
    if (!route) return jsonReply({ code: 404, msg: `fakeServer: no answer for ${method} ${at.pathname}` }, 404);
    const out = await route.answer(inputOf(at, init));
    if (out instanceof Response) return out;
    return jsonReply({ code: 200, msg: route.msg ?? '操作成功', [route.call.envelope ?? 'result']: out });
  });
  vi.stubGlobal('fetch', fetchMock);
  const sent = (call: CallDeclaration): SentInput[] =>
    fetchMock.mock.calls
      .filter(([url, init]) => new URL(url, 'http://console.test').pathname === call.path && (init?.method ?? 'GET') === call.method)
      .map(([url, init]) => inputOf(new URL(url, 'http://console.test'), init));
  return { fetchMock, sent };
}

function inputOf(at: URL, init: RequestInit | undefined): SentInput {
  const text = typeof init?.body === 'string' ? init.body : '';
  return { query: Object.fromEntries(at.searchParams), body: text ? safeJson(text) : undefined };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
