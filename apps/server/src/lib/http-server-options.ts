import type { ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** The HTTP server's time-outs (settings HTTP_*_SECONDS), in milliseconds. */
export type HttpTimeouts = {
  /** From the first byte of a request to the end of its head. */
  headersMs: number;
  /** From the first byte of a request to the end of its body. */
  requestMs: number;
  /** How long a kept-alive connection may wait for its next request. */
  keepAliveMs: number;
  /** How long a socket may carry nothing either way, at any stage. */
  idleMs: number;
};

/**
 * Fastify leaves Node's request and socket time-outs at 0 (never): a client that connects and sends
 * nothing, or a head a byte at a time, keeps its socket for ever. The head and request time-outs end
 * when the request has arrived, so a long download and the event stream are not cut by them; the idle
 * time-out is reset by every byte sent (the stream sets its own, see stream.routes.ts).
 */
export function httpServerOptions(t: HttpTimeouts): Pick<FastifyServerOptions, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'> & { http: ServerOptions } {
  return {
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    requestTimeout: t.requestMs,
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      // Node looks for expired heads and requests this often (30 s by default): a quarter of the
      // shortest time-out keeps a slow client's overstay within a quarter of its allowance.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(t.headersMs / 4))),
    },
  };
}
