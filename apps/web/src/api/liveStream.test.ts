import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fetch whose streams stay open until aborted; it records each URL and whether its signal fired. */
function fakeFetch() {
  const calls: { url: string; signal: AbortSignal; push(text: string): void }[] = [];
  const fetchMock = vi.fn((url: string, init: RequestInit) => {
    let push!: (text: string) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
        init.signal!.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    calls.push({ url, signal: init.signal!, push: (t) => push(t) });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the shared live stream', () => {
  it('asks for the events someone listens to, in one stream, and replaces it when they change', async () => {
    const calls = fakeFetch();
    const { subscribeLive } = await import('./liveStream');
    const warnings: unknown[] = [];
    const stopWarning = subscribeLive('warning', (w) => warnings.push(w));
    const stopHandled = subscribeLive('warningHandled', () => {});
    await tick();
    expect(calls.map((c) => c.url)).toEqual(['/api/events/stream?events=warning,warningHandled']);

    calls[0]!.push('event: warning\ndata: {"id":7}\n\n');
    await tick();
    expect(warnings).toEqual([{ id: 7 }]);

    // The map opens: a stream with device updates replaces it, and the old one closes once the new is open.
    const stopDevices = subscribeLive('devices', () => {});
    await tick();
    expect(calls.map((c) => c.url)[1]).toBe('/api/events/stream?events=devices,warning,warningHandled');
    expect(calls[0]!.signal.aborted).toBe(true);

    // The map closes: back to warnings only.
    stopDevices();
    await tick();
    expect(calls.map((c) => c.url)[2]).toBe('/api/events/stream?events=warning,warningHandled');
    expect(calls[1]!.signal.aborted).toBe(true);

    // Nobody listens: no stream at all.
    stopWarning();
    stopHandled();
    await tick();
    expect(calls[2]!.signal.aborted).toBe(true);
    expect(calls).toHaveLength(3);
  });
});
