import type { LiveEventMap, LiveEventName } from '@cvrisk/contracts';

/** The server-sent-events wire format (WHATWG HTML §9.2), typed by the contract's event map. */
export function sseEvent<E extends LiveEventName>(name: E, data: LiveEventMap[E]): string {
  return sseMessage(name, data);
}

/** One event of any stream (the field page's has its own names). */
export function sseMessage(name: string, data: unknown): string {
  // JSON.stringify never emits a line break, so the payload is always one `data:` line.
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: ignored by EventSource, but it keeps proxies and idle timers from closing the stream. */
export const sseComment = (text: string) => `: ${text}\n\n`;

/** How long EventSource waits before reconnecting after the stream drops. */
export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;
