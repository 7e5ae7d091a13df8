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

/** proxy-addr's named ranges, as Fastify's `trustProxy` reads them. */
const RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether a connection's peer is one of the TRUST_PROXY proxies: the same list Fastify believes for
 * `request.ip`, matched on the socket's address (an IPv4-mapped IPv6 peer as its IPv4 address).
 */
export function trustedProxyCheck(list: string[] | false): (address: string) => boolean {
  if (!list) return () => false;
  const block = new net.BlockList();
  for (const item of list.flatMap((i) => RANGES[i] ?? [i])) {
    const [address = '', bits] = item.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) block.addAddress(address, family);
    else block.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const bare = address.replace(/%.*$/, '');
    const family = net.isIP(bare);
    return family !== 0 && block.check(bare, family === 6 ? 'ipv6' : 'ipv4');
  };
}
