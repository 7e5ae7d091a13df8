import http from 'node:http';
import net, { type AddressInfo, type LookupFunction } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutboundGuard, isRefusedAddress, parseAllowedHosts, RefusedAddressError, type Resolver } from './outbound-guard.js';

const REFUSED = [
  // IPv4: loopback, private, CGNAT, link-local (cloud metadata), "this network", multicast, reserved, broadcast, documentation, benchmarking
  '127.0.0.1', '127.255.255.254', '10.0.0.1', '10.255.255.255', '172.16.0.1', '172.31.255.255', '192.168.0.1', '100.64.0.1', '100.127.255.255',
  '169.254.169.254', '0.0.0.0', '0.1.2.3', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.0.8', '192.0.2.1',
  '198.18.0.1', '198.51.100.1', '203.0.113.1',
  // IPv6: unspecified, loopback, link-local, site-local, unique local, multicast, documentation, Teredo
  '::', '::1', 'fe80::1', 'febf:ffff::1', 'fec0::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'ff05::1:3', '2001:db8::1', '2001::1',
  // IPv4 inside IPv6: mapped, compatible, NAT64, 6to4
  '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::127.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::1',
  // not an address at all
  'localhost', '', 'fe80::1%eth0',
];
const ALLOWED = [
  '8.8.8.8', '1.1.1.1', '93.184.216.34', '11.0.0.1', '172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '169.253.255.255',
  '192.167.255.255', '223.255.255.255', '2001:4860:4860::8888', '2606:4700:4700::1111', '240e:1::1', '::ffff:8.8.8.8',
];

describe('isRefusedAddress', () => {
  it.each(REFUSED)('refuses %s', (ip) => expect(isRefusedAddress(ip)).toBe(true));
  it.each(ALLOWED)('allows %s', (ip) => expect(isRefusedAddress(ip)).toBe(false));
});

describe('parseAllowedHosts', () => {
  it('reads names and addresses, with or without a port, normalised as in a URL', () => {
    expect(parseAllowedHosts(' hooks.bank.example , 10.1.2.3:8443,[fd00::1]:9000, fd00::2,0x7f.1,, HOOKS.Other.Example. ')).toEqual([
      { host: 'hooks.bank.example', port: null },
      { host: '10.1.2.3', port: 8443 },
      { host: 'fd00::1', port: 9000 },
      { host: 'fd00::2', port: null },
      { host: '127.0.0.1', port: null },
      { host: 'hooks.other.example', port: null },
    ]);
    expect(parseAllowedHosts('')).toEqual([]);
  });

  it.each(['http://hooks.example', 'a b', 'host:0', 'host:99999', 'user@host', 'host/path', '*.bank.example', 'host:80:80', '[fd00::1'])(
    'rejects %s',
    (entry) => expect(() => parseAllowedHosts(`ok.example,${entry}`)).toThrow(entry),
  );
});

/** A resolver from a table; other names do not resolve. */
const table = (names: Record<string, string[]>): Resolver => async (hostname) => {
  const addresses = names[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: net.isIP(address) }));
};

const refusal = (p: Promise<unknown>) => p.then(() => null, (err: RefusedAddressError) => err.target);

describe('guard.check (saving a target)', () => {
  afterEach(() => vi.useRealTimers());

  it.each([
    ['http://2130706433/', '127.0.0.1'], ['http://0x7f.1/', '127.0.0.1'], ['http://0177.0.0.1/', '127.0.0.1'], ['http://127.1/', '127.0.0.1'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1'], ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'], ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe'],
    ['https://0/', '0.0.0.0'],
  ])('refuses the literal address of %s however it is spelt', async (url, target) => {
    const guard = createOutboundGuard([], table({}));
    expect(await refusal(guard.check(new URL(url)))).toBe(target);
    expect(() => guard.lookupFor(new URL(url))).toThrow(RefusedAddressError);
  });

  it('refuses a name when any of its addresses is refused, and takes a public or unresolvable one', async () => {
    const guard = createOutboundGuard([], table({ 'intranet.example': ['10.0.0.7'], 'split.example': ['93.184.216.34', 'fd00::7'], 'public.example': ['93.184.216.34'] }));
    expect(await refusal(guard.check(new URL('https://intranet.example/hook')))).toBe('intranet.example（10.0.0.7）');
    expect(await refusal(guard.check(new URL('https://split.example/hook')))).toBe('split.example（fd00::7）');
    expect(await refusal(guard.check(new URL('https://public.example/hook')))).toBeNull();
    expect(await refusal(guard.check(new URL('https://nowhere.example/hook')))).toBeNull();
  });

  it('takes a name whose DNS does not answer in time', async () => {
    vi.useFakeTimers();
    const guard = createOutboundGuard([], () => new Promise(() => {}));
    const checked = refusal(guard.check(new URL('https://slow.example/')));
    await vi.advanceTimersByTimeAsync(2000);
    expect(await checked).toBeNull();
  });

  it('lets listed hosts through as the URL writes them, on any port or only the listed one', async () => {
    const guard = createOutboundGuard(parseAllowedHosts('hooks.bank.example, 10.1.2.3:8443, [fd00::1]:9000, 0x7f.1'), table({
      'hooks.bank.example': ['10.0.0.9'], 'alias.example': ['10.1.2.3'],
    }));
    const allowed = async (url: string) => (await refusal(guard.check(new URL(url)))) === null;
    expect(await allowed('http://hooks.bank.example:9000/')).toBe(true);
    expect(await allowed('https://HOOKS.bank.example./')).toBe(true);
    expect(await allowed('https://10.1.2.3:8443/')).toBe(true);
    expect(await allowed('https://10.1.2.3/')).toBe(false);
    expect(await allowed('http://[fd00::1]:9000/')).toBe(true);
    expect(await allowed('http://[fd00::1]/')).toBe(false);
    expect(await allowed('http://127.0.0.1:5000/')).toBe(true);
    // Listing an address does not list every name that points at it.
    expect(await allowed('https://alias.example:8443/')).toBe(false);
  });
});

/** One call of a lookup function as net.connect makes it. */
function lookupOnce(lookup: LookupFunction, hostname: string, options: { all?: boolean; family?: number }) {
  return new Promise<unknown>((resolve, reject) =>
    lookup(hostname, options, (err, address, family) => (err ? reject(err) : resolve(options.all ? address : { address, family }))));
}

describe('guard.lookupFor (connecting)', () => {
  it('resolves once and hands the connection the addresses it checked', async () => {
    let calls = 0;
    // Public for the first question, loopback for any later one: a rebinding name.
    const guard = createOutboundGuard([], async () => (calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]));
    const lookup = guard.lookupFor(new URL('https://rebind.example/hook'));
    expect(await lookupOnce(lookup, 'rebind.example', { all: true })).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(calls).toBe(1);
    await expect(lookupOnce(lookup, 'rebind.example', { all: true })).rejects.toThrow(RefusedAddressError);
  });

  it('answers one address or all, of the family asked for', async () => {
    const lookup = createOutboundGuard([], table({ 'dual.example': ['2606:4700::1', '93.184.216.34'] })).lookupFor(new URL('http://dual.example/'));
    expect(await lookupOnce(lookup, 'dual.example', {})).toEqual({ address: '2606:4700::1', family: 6 });
    expect(await lookupOnce(lookup, 'dual.example', { family: 4 })).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await lookupOnce(lookup, 'dual.example', { all: true, family: 6 })).toEqual([{ address: '2606:4700::1', family: 6 }]);
  });

  it('makes a real request connect where the guard says, with the name kept in the Host header', async () => {
    const hosts: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      hosts.push(req.headers.host);
      res.end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    const guard = createOutboundGuard(parseAllowedHosts('listed.example'), table({ 'listed.example': ['127.0.0.1'], 'unlisted.example': ['127.0.0.1'] }));
    const get = (name: string) => new Promise<number>((resolve, reject) => {
      const url = new URL(`http://${name}:${port}/`);
      http.get(url, { lookup: guard.lookupFor(url), agent: false }, (res) => resolve(res.statusCode!)).on('error', reject);
    });
    expect(await get('listed.example')).toBe(200);
    await expect(get('unlisted.example')).rejects.toThrow(RefusedAddressError);
    expect(hosts).toEqual([`listed.example:${port}`]);
    await new Promise<void>((done) => server.close(() => done()));
  });
});
