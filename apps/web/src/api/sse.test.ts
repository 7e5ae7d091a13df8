import { describe, expect, it } from 'vitest';
import { backoffMs, createSseParser, type SseEvent } from './sse';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const feed = createSseParser((e) => events.push(e));
  chunks.forEach(feed);
  return events;
}

describe('createSseParser', () => {
  it('reads named events with JSON data', () => {
    expect(parse(['event: devices\ndata: [{"id":1}]\n\n'])).toEqual([{ event: 'devices', data: '[{"id":1}]' }]);
  });

  it('joins events split anywhere across chunks, CRLF included', () => {
    expect(parse(['event: dev', 'ices\r', '\ndata: [1,', '2]\r\n\r\n', 'data: x\n', '\n'])).toEqual([
      { event: 'devices', data: '[1,2]' },
      { event: 'message', data: 'x' },
    ]);
  });

  it('skips comments (keep-alives) and joins multi-line data', () => {
    expect(parse([': ping\n\n', 'data: a\ndata: b\n\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('dispatches nothing for an event without data', () => {
    expect(parse(['event: devices\n\n'])).toEqual([]);
  });
});

describe('backoffMs', () => {
  it('doubles from one second and stops at thirty', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
