import { createParser } from 'eventsource-parser';

/** One server-sent event: its name (`message` when the server gave none) and its `data:` text. */
export type SseEvent = { event: string; data: string };

/**
 * Incremental `text/event-stream` parser (eventsource-parser: the WHATWG rules, any line ends, events
 * split anywhere across chunks). Feed it decoded text in whatever chunks the network delivers.
 */
export function createSseParser(onEvent: (e: SseEvent) => void): (chunk: string) => void {
  const parser = createParser({ onEvent: (e) => onEvent({ event: e.event ?? 'message', data: e.data }) });
  return (chunk) => parser.feed(chunk);
}

/** Reconnect delay after `failures` failed attempts in a row: 1 s doubling to 30 s. */
export function backoffMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}
