import { tooMany } from '../../lib/errors.js';

export const FIELD_RATE = {
  /** Openings (page loads and stream connects) one address may make a minute. */
  perMinute: 30,
  /** Tokens that match no link one address may try in ten minutes; then it is refused for those ten minutes. */
  missesPer10Min: 10,
  /** Live streams open at once per link and per address. */
  streamsPerLink: 5,
  streamsPerAddress: 10,
} as const;

const MINUTE = 60_000;
const TEN_MINUTES = 10 * MINUTE;

/**
 * The field page's limits, kept per process: a link opens without an account, so an address may
 * neither hammer a link nor try tokens. A token has 256 random bits, so guessing is hopeless anyway;
 * the limits keep a stranger from costing the server work. Each API process counts for itself.
 */
export function createFieldRate(now: () => number = Date.now) {
  const hits = new Map<string, number[]>();
  const misses = new Map<string, number[]>();
  const streamsByLink = new Map<number, number>();
  const streamsByAddress = new Map<string, number>();

  const recent = (m: Map<string, number[]>, key: string, windowMs: number) => {
    const at = now();
    const list = (m.get(key) ?? []).filter((t) => at - t < windowMs);
    if (list.length === 0) m.delete(key);
    else m.set(key, list);
    return list;
  };
  const bump = <K>(m: Map<K, number>, key: K, by: number) => {
    const n = (m.get(key) ?? 0) + by;
    if (n <= 0) m.delete(key);
    else m.set(key, n);
  };

  return {
    /** Throws 429 when the address is over a limit; else counts the opening. */
    admit(ip: string): void {
      if (recent(misses, ip, TEN_MINUTES).length >= FIELD_RATE.missesPer10Min) throw tooMany('尝试过多，请10分钟后再试');
      const list = recent(hits, ip, MINUTE);
      if (list.length >= FIELD_RATE.perMinute) throw tooMany('请求过于频繁，请稍后再试');
      hits.set(ip, [...list, now()]);
    },
    /** A token that matched no link. */
    missed(ip: string): void {
      misses.set(ip, [...recent(misses, ip, TEN_MINUTES), now()]);
    },
    /** Takes a stream slot; answers the release, or throws 429 when the link or the address holds too many. */
    openStream(linkId: number, ip: string): () => void {
      if ((streamsByLink.get(linkId) ?? 0) >= FIELD_RATE.streamsPerLink || (streamsByAddress.get(ip) ?? 0) >= FIELD_RATE.streamsPerAddress) {
        throw tooMany('打开的页面过多，请关闭其他页面后再试');
      }
      bump(streamsByLink, linkId, 1);
      bump(streamsByAddress, ip, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        bump(streamsByLink, linkId, -1);
        bump(streamsByAddress, ip, -1);
      };
    },
  };
}

export type FieldRate = ReturnType<typeof createFieldRate>;
