/** One server-sent event: its name (`message` when the server gave none) and its `data:` text. */
export type SseEvent = { event: string; data: string };

/**
 * Incremental `text/event-stream` parser (the WHATWG rules this stream needs: `event:`, multi-line
 * `data:`, comments and blank-line dispatch, any of CRLF/LF/CR line ends). Feed it decoded text in
 * whatever chunks the network delivers.
 */
export function createSseParser(onEvent: (e: SseEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  return (chunk: string) => {
    buffer += chunk;
    // A trailing CR may be the first half of a CRLF split across chunks: wait for the next one.
    const hold = buffer.endsWith('\r') ? '\r' : '';
    const lines = (hold ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
    buffer = (lines.pop() ?? '') + hold;
    for (const l of lines) line(l);
  };
}

/** Reconnect delay after `failures` failed attempts in a row: 1 s doubling to 30 s. */
export function backoffMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}
