import { CLIENT_HEADERS, LIVE_STREAM_PATH, TOKEN_NAME, type LiveEventMap, type LiveEventName } from '@cvrisk/contracts';
import { backoffMs, createSseParser } from './sse';
import { getToken } from './token';

export type LiveStatus = 'connecting' | 'open' | 'retrying';

type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<(s: LiveStatus) => void>();
let status: LiveStatus = 'connecting';
/** The open stream and the events it was opened for. */
let connection: { abort: AbortController; events: string } | null = null;

function setStatus(next: LiveStatus) {
  status = next;
  for (const l of statusListeners) l(next);
}

function dispatch(event: string, data: string) {
  const set = handlers.get(event);
  if (!set?.size) return;
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return;
  }
  for (const h of set) h(payload);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/**
 * Reads the event stream with fetch rather than EventSource, so that the token travels in its header
 * and never in a URL (logs, proxies). Reconnects with back-off for as long as anyone listens.
 */
async function run(signal: AbortSignal, events: string, replaced?: AbortController) {
  let failures = 0;
  while (!signal.aborted) {
    setStatus(failures ? 'retrying' : 'connecting');
    try {
      const token = getToken();
      const res = await fetch(`${LIVE_STREAM_PATH}?events=${events}`, {
        headers: { ...CLIENT_HEADERS, Accept: 'text/event-stream', ...(token ? { [TOKEN_NAME]: token } : {}) },
        signal,
        cache: 'no-store',
      });
      if (!res.ok || !res.body) throw new Error(`live stream: HTTP ${res.status}`);
      failures = 0;
      // The stream this one replaces stays open until now, so no event falls between the two.
      replaced?.abort();
      setStatus('open');
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const feed = createSseParser((e) => dispatch(e.event, e.data));
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        feed(value);
      }
    } catch {
      if (signal.aborted) return;
      // Not reachable either: the old stream would only retry beside this one.
      replaced?.abort();
    }
    failures += 1;
    setStatus('retrying');
    await sleep(backoffMs(failures), signal);
  }
}

let reconciling = false;
function ensureConnection() {
  // Components subscribing in one render (the top bar's two events, say) open one stream, not two.
  if (reconciling) return;
  reconciling = true;
  queueMicrotask(() => {
    reconciling = false;
    reconcile();
  });
}

/**
 * One stream for all listeners, asking only for the events someone listens to: when that set changes
 * (the map opened or left) a new stream replaces the old one.
 */
function reconcile() {
  const events = [...handlers].filter(([, set]) => set.size > 0).map(([name]) => name).sort().join(',');
  if (events === (connection?.events ?? '')) return;
  const previous = connection;
  if (!events) {
    previous?.abort.abort();
    connection = null;
    setStatus('connecting');
    return;
  }
  connection = { abort: new AbortController(), events };
  void run(connection.abort.signal, events, previous?.abort);
}

/** Listens to one event of the shared live stream; the stream is open while anyone listens. */
export function subscribeLive<K extends LiveEventName>(event: K, handler: (data: LiveEventMap[K]) => void): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  const h = handler as Handler;
  set.add(h);
  ensureConnection();
  return () => {
    set.delete(h);
    ensureConnection();
  };
}

export function subscribeLiveStatus(listener: (s: LiveStatus) => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function liveStatus(): LiveStatus {
  return status;
}
