import crypto from 'node:crypto';
import net from 'node:net';

/**
 * The sign-in throttling policy (docs/decisions.md, "Throttling"), apart from its storage: which
 * failure counters an attempt belongs to, and when those counters refuse it.
 */
export type ThrottleLimits = {
  /** Failures on one account within the window. */
  perAccount: number;
  /** Failures from one address within the window, whatever the accounts. */
  perAddress: number;
  windowMs: number;
};

/** The counters of one attempt: its address, its account, and its account from its address. */
export type FailureKeys = { address: string; account: string; pair: string };
export type FailureCounts = Record<keyof FailureKeys, number>;

/** `login_failure.key` is varchar(120); a longer key (a long name lower-cased, say) is stored as its hash. */
const KEY_MAX = 120;
const fit = (key: string) => (key.length <= KEY_MAX ? key : `h:${crypto.createHash('sha256').update(key).digest('base64url')}`);

/**
 * An IPv6 client is counted by its /64, the block one subscriber or host holds, so that walking
 * through its own addresses does not buy it fresh counters; an IPv4-mapped address counts as the IPv4 one.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.replace(/%.*$/, '');
  if (net.isIP(bare) !== 6) return ip;
  const [head = '', tail] = bare.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined && groups.length < 4) {
    // The groups `::` stands for (an embedded IPv4 tail takes two).
    const tailGroups = tail ? tail.split(':').reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0) : 0;
    groups.push(...Array<string>(8 - groups.length - tailGroups).fill('0'), ...(tail ? tail.split(':') : []));
  }
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

export function failureKeys(username: string, ip: string): FailureKeys {
  const name = username.toLowerCase();
  const address = clientAddressKey(ip);
  // An address never holds `|`, so the pair key cannot be forged with a user name that does.
  return { address: fit(`ip:${address}`), account: fit(`u:${name}`), pair: fit(`p:${address}|${name}`) };
}

const lockedMessage = (who: string, windowMs: number) => `${who}登录失败次数过多，请${Math.ceil(windowMs / 60_000)}分钟后再试`;

/**
 * Why an attempt is refused before its password is checked, or null. `before` counts the failures
 * within the window before this attempt. An address over its limit is refused for every account.
 * An account is refused to an address that has failed on it `perAccount` times, and, once the
 * account has that many failures from anywhere, to every address that has failed on it at all; an
 * address that has not may still try. So one address cannot shut an account's owner out elsewhere,
 * and many addresses get one guess each once the account is under attack.
 */
export function refusal(before: FailureCounts, limits: ThrottleLimits): string | null {
  if (before.address >= limits.perAddress) return lockedMessage('此网络地址', limits.windowMs);
  const accountLocked = before.pair >= limits.perAccount || (before.account >= limits.perAccount && before.pair > 0);
  return accountLocked ? lockedMessage('该账号', limits.windowMs) : null;
}
