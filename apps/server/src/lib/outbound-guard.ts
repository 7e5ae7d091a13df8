import dns, { type LookupAddress } from 'node:dns';
import net, { type LookupFunction } from 'node:net';

/**
 * Keeps the server's outbound calls (webhooks; later the geocoder) off loopback, private, link-local
 * and reserved addresses unless an administrator listed the host. Names are checked after they
 * resolve, and a request connects to the very addresses that were checked (its `lookup`), so a name
 * that changes its answer between the check and the connection (DNS rebinding) gains nothing.
 */

/** A host an administrator lets outbound calls reach whatever its address: any port, or only `port`. */
export type AllowedHost = { host: string; port: number | null };
/** Every address of a name, as `dns.lookup(name, { all: true })` answers. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** A refused target: `address` is the refused address (for a name, one it resolved to). */
export class RefusedAddressError extends Error {
  /** `127.0.0.1`, or `metadata.example（169.254.169.254）` for a name: what to show the administrator. */
  readonly target: string;

  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    const target = host === address ? address : `${host}（${address}）`;
    super(`不能访问内网、本机或保留地址：${target}`);
    this.name = 'RefusedAddressError';
    this.target = target;
  }
}

function blockList(type: 'ipv4' | 'ipv6', subnets: string[]): net.BlockList {
  const list = new net.BlockList();
  for (const subnet of subnets) {
    const [address, prefix] = subnet.split('/');
    list.addSubnet(address!, Number(prefix), type);
  }
  return list;
}

// IANA's special-purpose IPv4 registry, less the ranges that are globally reachable services.
const V4_REFUSED = blockList('ipv4', [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24',
  '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
]);
// Only global unicast (2000::/3) is public; that leaves out ::, ::1, fc00::/7, fe80::/10, ff00::/8, NAT64
// 64:ff9b::/96 and the IPv4-compatible ::/96. Inside it: IETF protocol space (Teredo …), documentation, 6to4.
const V6_GLOBAL = blockList('ipv6', ['2000::/3']);
const V6_REFUSED = blockList('ipv6', ['2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20']);
const V6_MAPPED = blockList('ipv6', ['::ffff:0:0/96']);

/** Whether an outbound call must not reach `ip`; anything that is not an IP address is refused too. */
export function isRefusedAddress(ip: string): boolean {
  try {
    const family = net.isIP(ip);
    if (family === 4) return V4_REFUSED.check(ip, 'ipv4');
    if (family !== 6) return true;
    // ::ffff:a.b.c.d reaches a.b.c.d: an IPv4 rule, checked against the mapped form, judges it.
    if (V6_MAPPED.check(ip, 'ipv6')) return V4_REFUSED.check(ip, 'ipv6');
    return !V6_GLOBAL.check(ip, 'ipv6') || V6_REFUSED.check(ip, 'ipv6');
  } catch {
    return true; // e.g. a zone index (fe80::1%eth0)
  }
}

/** `[::1]` → `::1`, `Example.COM.` → `example.com`: how hosts are compared. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();

function parseAllowedHost(entry: string): AllowedHost {
  const withPort = net.isIP(entry) === 6 ? null : /^(.+):(\d{1,5})$/.exec(entry);
  const host = withPort ? withPort[1]! : entry;
  const port = withPort ? Number(withPort[2]) : null;
  let url: URL | null = null;
  try {
    url = new URL(`http://${net.isIP(host) === 6 ? `[${host}]` : host}/`);
  } catch {
    url = null;
  }
  // Anything the URL parser reads as more than a host (a path, user info, a second port) or a wildcard is a mistake.
  const strayColon = net.isIP(host) !== 6 && host.replace(/^\[[^\]]*\]$/, '').includes(':');
  const plain = url && url.href === `http://${url.host}/` && !url.port && !strayColon && !host.includes('*');
  if (!plain || (port !== null && (port < 1 || port > 65535))) throw new Error(`"${entry}" is not a host name, an IP address or host:port`);
  return { host: bare(url!.hostname), port };
}

/**
 * `hooks.bank.example, 10.1.2.3:8443, [fd00::1]:9000, fd00::2` → the listed hosts: host names or IP
 * addresses (normalised as in a URL: `0x7f.1` is 127.0.0.1), each optionally with `:port`; an IPv6
 * address with a port is written in brackets. Throws on an entry that is none of these.
 */
export function parseAllowedHosts(text: string): AllowedHost[] {
  return text.split(',').map((s) => s.trim()).filter(Boolean).map(parseAllowedHost);
}

const systemResolve: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true });

/** `url`'s port, the scheme's default when it names none. */
const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** How long a save waits for DNS before taking a name it could not resolve (every connection checks again). */
const CHECK_TIMEOUT_MS = 2000;

export function createOutboundGuard(allowed: readonly AllowedHost[], resolve: Resolver = systemResolve) {
  /** Listed targets are matched on the host as the URL writes it, not on what a name resolves to. */
  const listed = (url: URL) => {
    const host = bare(url.hostname);
    return allowed.some((a) => a.host === host && (a.port === null || a.port === portOf(url)));
  };
  const firstRefused = (addresses: LookupAddress[]) => addresses.find((a) => isRefusedAddress(a.address))?.address;

  /** Throws at once for a refused literal address: Node connects to one without asking `lookup`. */
  function checkLiteral(url: URL): { host: string; checked: boolean } {
    const host = bare(url.hostname);
    const checked = !listed(url);
    if (checked && net.isIP(host) && isRefusedAddress(host)) throw new RefusedAddressError(host, host);
    return { host, checked };
  }

  return {
    /**
     * For a form that saves a target: throws RefusedAddressError for a refused literal address or a
     * name that resolves to one now. A name that does not resolve (in time) passes.
     */
    async check(url: URL): Promise<void> {
      const { host, checked } = checkLiteral(url);
      if (!checked || net.isIP(host)) return;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS timeout')), CHECK_TIMEOUT_MS);
      });
      const addresses = await Promise.race([resolve(host), late]).catch(() => []).finally(() => clearTimeout(timer));
      const address = firstRefused(addresses);
      if (address) throw new RefusedAddressError(host, address);
    },

    /**
     * The `lookup` option of a request to `url` (http.request, net.connect, an undici `connect`): resolves
     * the name once, refuses it if any address is refused, and hands the checked addresses to the
     * connection. Throws RefusedAddressError at once for a refused literal address.
     */
    lookupFor(url: URL): LookupFunction {
      const { checked } = checkLiteral(url);
      return (hostname, options, callback) => {
        resolve(hostname).then((all) => {
          const address = checked ? firstRefused(all) : undefined;
          if (address) return callback(new RefusedAddressError(bare(hostname), address), '');
          const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
          const usable = family ? all.filter((a) => a.family === family) : all;
          if (usable.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
          if (options.all) callback(null, usable);
          else callback(null, usable[0]!.address, usable[0]!.family);
        }, (err: NodeJS.ErrnoException) => callback(err, ''));
      };
    },
  };
}

export type OutboundGuard = ReturnType<typeof createOutboundGuard>;
