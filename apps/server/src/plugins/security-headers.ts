import type { FastifyInstance } from 'fastify';

/** The raster tile servers of the console's base layers (apps/web/src/components/map/baseLayers.ts). */
const TILE_HOSTS = [
  ...[1, 2, 3, 4].flatMap((n) => [`https://webrd0${n}.is.autonavi.com`, `https://webst0${n}.is.autonavi.com`]),
  'https://tile.openstreetmap.org',
];

/**
 * What the console may load, and nothing more: its own scripts, workers (the device map's cluster
 * worker is a file of its own) and calls (the API and the event stream); images from itself, data:
 * URLs (Leaflet's and antd's inline icons), blob: URLs (order photos, fetched with the session's
 * token and shown from memory) and the tile servers. Styles allow 'unsafe-inline'
 * because antd 6 writes its CSS-in-JS into <style> elements at run time and React and Leaflet
 * set style attributes; injected CSS cannot run script, and with images, fonts and calls held
 * to these hosts it cannot send anything away either. No 'unsafe-eval', no inline scripts.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: ${TILE_HOSTS.join(' ')}`,
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Sent with every reply: pages, assets, API answers, errors and the event stream alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  // frame-ancestors for browsers that predate it: no other site may frame the console (clickjacking).
  'X-Frame-Options': 'DENY',
  // A JSON answer or an upload is never run as a script or a page because a browser guessed its type.
  'X-Content-Type-Options': 'nosniff',
  // Other sites (the tile servers) learn the console's origin, never its paths; OpenStreetMap asks for a referrer.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/**
 * Set on Node's response as the request arrives, as helmet does, so that replies Fastify does not
 * send itself (the hijacked event stream, static files) carry them too. Node's own early answers
 * (errors.ts: clientErrorHandler, frameworkErrors) add them there.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.raw.setHeader(name, value);
    done();
  });
}
