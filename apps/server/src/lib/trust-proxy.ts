import net from 'node:net';
import { z } from 'zod';

/** The ranges proxy-addr (Fastify's `trustProxy`) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item) || net.isIP(item)) return true;
  const m = /^([^/]+)\/(\d{1,3})$/.exec(item);
  if (!m) return false;
  const family = net.isIP(m[1]!);
  return family !== 0 && Number(m[2]) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For is believed, as Fastify's `trustProxy` list; off
 * (`false`) when empty or `0`. Only addresses and ranges: `true` or a hop count would believe a
 * client that reaches the server directly, and could then claim any address it likes.
 */
export function parseTrustProxy(text: string, ctx: z.RefinementCtx): string[] | false {
  const value = text.trim();
  if (value === '' || value === '0') return false;
  const items = value.split(',').map((s) => s.trim());
  const bad = items.find((item) => !isAddressOrRange(item));
  if (bad === undefined) return items;
  const hint = /^\d+$/.test(bad) || bad === 'true' ? ' (a hop count or "true" cannot tell the proxy from a client: name the proxy)' : '';
  ctx.addIssue({ code: 'custom', message: `"${bad}" is not a proxy address, a CIDR range or loopback/linklocal/uniquelocal${hint}` });
  return z.NEVER;
}
