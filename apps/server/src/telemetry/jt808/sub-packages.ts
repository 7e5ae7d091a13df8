import type { Jt808Header } from './types.js';

export interface AssemblerOptions {
  /** A message whose parts have not all arrived this long after its first part is dropped. */
  timeoutMs?: number;
  /** Cap on bytes held across all pending messages; the oldest are dropped to stay under it. */
  maxPendingBytes?: number;
  /** Bytes shared with other assemblers (one per connection): when it runs out, a part is dropped. */
  budget?: ByteBudget;
}

/** A total held by many assemblers, so many connections together stay bounded too. */
export interface ByteBudget {
  take(bytes: number): boolean;
  give(bytes: number): void;
}

/** A budget of `limit` bytes; `used` is what the assemblers hold right now. */
export function createByteBudget(limit: number) {
  const budget = {
    used: 0,
    take(bytes: number): boolean {
      if (budget.used + bytes > limit) return false;
      budget.used += bytes;
      return true;
    },
    give(bytes: number): void {
      budget.used -= bytes;
    },
  };
  return budget;
}

export interface AssemblerStats {
  completed: number;
  duplicates: number;
  /** Parts whose total/index make no sense (index 0, index beyond total). */
  invalid: number;
  expired: number;
  /** Pending messages dropped to respect `maxPendingBytes`. */
  evicted: number;
}

export interface Reassembled {
  /** The first part's header without `subPackage`, serial = the first part's serial. */
  header: Jt808Header;
  body: Buffer;
}

interface Pending {
  total: number;
  parts: Map<number, { header: Jt808Header; body: Buffer }>;
  bytes: number;
  deadline: number;
}

/**
 * Reassembles sub-packaged bodies (feed it the `fragment` results of `decodeFrame`, then decode the
 * result with `decodeMessage`). Parts may arrive in any order and more than once. Parts of one
 * message have consecutive serials, so every part names the first serial, which, with the terminal
 * and message id, identifies the message.
 */
export class SubPackageAssembler {
  readonly stats: AssemblerStats = { completed: 0, duplicates: 0, invalid: 0, expired: 0, evicted: 0 };
  private readonly pending = new Map<string, Pending>();
  private heldBytes = 0;
  private readonly timeoutMs: number;
  private readonly maxPendingBytes: number;
  private readonly budget: ByteBudget | undefined;

  constructor(options: AssemblerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxPendingBytes = options.maxPendingBytes ?? 4 * 1024 * 1024;
    this.budget = options.budget;
  }

  get pendingBytes(): number {
    return this.heldBytes;
  }

  get pendingMessages(): number {
    return this.pending.size;
  }

  /** Returns the whole body once the last missing part arrives, otherwise null. */
  add(header: Jt808Header, body: Buffer, now: number = Date.now()): Reassembled | null {
    this.expire(now);
    const sub = header.subPackage;
    if (!sub) return { header, body };
    if (sub.total < 1 || sub.index < 1 || sub.index > sub.total) {
      this.stats.invalid++;
      return null;
    }
    const firstSerial = (header.serial - (sub.index - 1)) & 0xffff;
    const key = `${header.phone}:${header.messageId}:${firstSerial}:${sub.total}`;
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { total: sub.total, parts: new Map(), bytes: 0, deadline: now + this.timeoutMs };
      this.pending.set(key, entry);
    }
    if (entry.parts.has(sub.index)) {
      this.stats.duplicates++;
      return null;
    }
    if (!this.makeRoom(key, entry.bytes + body.length) || (this.budget && !this.budget.take(body.length))) {
      this.drop(key);
      this.stats.evicted++;
      return null;
    }
    entry.parts.set(sub.index, { header, body });
    entry.bytes += body.length;
    this.heldBytes += body.length;
    if (entry.parts.size < entry.total) return null;

    this.drop(key);
    this.stats.completed++;
    const bodies: Buffer[] = [];
    for (let i = 1; i <= entry.total; i++) bodies.push(entry.parts.get(i)!.body);
    const { subPackage: _, ...first } = entry.parts.get(1)!.header;
    return { header: { ...first, serial: firstSerial }, body: Buffer.concat(bodies) };
  }

  /** Lets go of everything held (the connection closed). */
  clear(): void {
    for (const key of [...this.pending.keys()]) this.drop(key);
  }

  /** Drops messages past their deadline; `add` calls it too, a timer can call it on quiet links. */
  expire(now: number = Date.now()): void {
    // Map order is creation order and every deadline is creation + timeout, so stop at the first live one.
    for (const [key, entry] of this.pending) {
      if (entry.deadline > now) break;
      this.drop(key);
      this.stats.expired++;
    }
  }

  /** Evicts the oldest other messages until `key` may hold `bytes`; false if it never can. */
  private makeRoom(key: string, bytes: number): boolean {
    if (bytes > this.maxPendingBytes) return false;
    const own = this.pending.get(key)?.bytes ?? 0;
    for (const [other] of this.pending) {
      if (this.heldBytes - own + bytes <= this.maxPendingBytes) break;
      if (other === key) continue;
      this.drop(other);
      this.stats.evicted++;
    }
    return true;
  }

  private drop(key: string): void {
    const entry = this.pending.get(key);
    if (!entry) return;
    this.heldBytes -= entry.bytes;
    this.budget?.give(entry.bytes);
    this.pending.delete(key);
  }
}
