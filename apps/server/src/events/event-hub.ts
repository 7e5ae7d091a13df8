import { LIVE_FLUSH_MS, type MonitorDevice, type WarningEvent } from '@cvrisk/contracts';
import type { Scope } from '../lib/scope.js';
import { sseComment, sseEvent, sseRetry } from './sse.js';

/** Where one connection's events go: the HTTP response of its stream (any writable in tests). */
export type LiveSink = {
  write(chunk: string): unknown;
  end(): unknown;
  destroy(): unknown;
  readonly writableLength: number;
  readonly destroyed: boolean;
};

export type Subscriber = {
  /** Resolved once, when the stream opens. */
  scope: Scope;
  /** Holds `monitor:view`: receives `devices`. */
  devices: boolean;
  /** Holds `warning:view`: receives `warning`. */
  warnings?: boolean;
  /** The session the stream was opened with; the stream ends when it does. */
  tokenHash: string;
  /** The user's own department: the in-app push setting that applies to them is its. */
  deptId?: number;
};

export type EventHubOptions = {
  /** The current map state of these devices, of any department; the hub scopes them per connection. */
  loadDevices(ids: number[]): Promise<MonitorDevice[]>;
  /** Which of these sessions are still signed in (not logged out, expired or disabled). */
  activeSessions(tokenHashes: string[]): Promise<Set<string>>;
  onError(err: unknown): void;
  flushMs?: number;
  heartbeatMs?: number;
  sessionCheckMs?: number;
};

export const HEARTBEAT_MS = 15_000;
const SESSION_CHECK_MS = 60_000;
const RETRY_MS = 3000;
/** A client this far behind (bytes its socket has not taken) is cut off; EventSource reconnects and the console reloads. */
const MAX_BACKLOG_BYTES = 16 * 1024 * 1024;

/** Connections of one scope: they all receive the same `devices` text, serialised once. */
type Group = { key: string; depts: ReadonlySet<number> | null; clients: Set<Client> };
/** `warnings`: the departments whose warnings the client receives, null for all, undefined for none. */
type Client = { sink: LiveSink; group: Group | null; tokenHash: string; deptId?: number; warnings?: ReadonlySet<number> | null };

const scopeKey = (scope: Scope) => (scope.kind === 'all' ? '*' : [...scope.deptIds].sort((a, b) => a - b).join(','));

/**
 * The in-process hub behind the live stream. Publishers only name the devices that changed; every
 * LIVE_FLUSH_MS the hub reads those devices once and sends each scope group one coalesced
 * `devices` event, so a flush costs O(changed devices + groups), however many positions came in
 * and however many browsers watch. Across processes a broker would feed `devicesChanged`.
 */
export function createEventHub(o: EventHubOptions) {
  const clients = new Set<Client>();
  const groups = new Map<string, Group>();
  const changed = new Set<number>();
  /** The flush and the session check each run one at a time: a slow database delays the next round instead of stacking reads. */
  const running = new Map<() => Promise<void>, Promise<void>>();
  let closed = false;

  function remove(client: Client): void {
    if (!clients.delete(client)) return;
    const group = client.group;
    if (!group) return;
    group.clients.delete(client);
    if (group.clients.size === 0) groups.delete(group.key);
  }

  function send(client: Client, text: string): void {
    if (client.sink.destroyed) return remove(client);
    if (client.sink.writableLength > MAX_BACKLOG_BYTES) {
      remove(client);
      client.sink.destroy();
      return;
    }
    client.sink.write(text);
  }

  /** The changed devices a group may see: walk whichever side is smaller, its departments or the changed ones. */
  function visibleTo(depts: ReadonlySet<number>, byDept: Map<number, MonitorDevice[]>): MonitorDevice[] {
    const out: MonitorDevice[] = [];
    const take = (list: MonitorDevice[] | undefined) => {
      if (list) for (const d of list) out.push(d);
    };
    if (depts.size < byDept.size) for (const id of depts) take(byDept.get(id));
    else for (const [id, list] of byDept) if (depts.has(id)) take(list);
    return out;
  }

  async function flush(): Promise<void> {
    if (changed.size === 0) return;
    const ids = [...changed];
    changed.clear();
    let devices: MonitorDevice[];
    try {
      devices = await o.loadDevices(ids);
    } catch (err) {
      // Try again next flush rather than leave the maps stale.
      for (const id of ids) changed.add(id);
      throw err;
    }
    if (closed) return;
    const byDept = new Map<number, MonitorDevice[]>();
    for (const d of devices) {
      const list = byDept.get(d.deptId);
      if (list) list.push(d);
      else byDept.set(d.deptId, [d]);
    }
    for (const group of groups.values()) {
      const visible = group.depts === null ? devices : visibleTo(group.depts, byDept);
      if (visible.length === 0) continue;
      const text = sseEvent('devices', visible);
      for (const client of [...group.clients]) send(client, text);
    }
  }

  function endWhere(ends: (client: Client) => boolean): void {
    for (const client of [...clients]) {
      if (!ends(client)) continue;
      remove(client);
      client.sink.end();
    }
  }

  /** The fallback for what `endSessions` does not hear: expiry, a disabled account, a session ended by another process. */
  async function checkSessions(): Promise<void> {
    if (clients.size === 0) return;
    const active = await o.activeSessions([...new Set([...clients].map((c) => c.tokenHash))]);
    endWhere((client) => !active.has(client.tokenHash));
  }

  function run(task: () => Promise<void>): void {
    if (running.has(task) || closed) return;
    running.set(
      task,
      task()
        .catch(o.onError)
        .finally(() => running.delete(task)),
    );
  }

  const timers = [
    setInterval(() => run(flush), o.flushMs ?? LIVE_FLUSH_MS),
    setInterval(() => {
      for (const client of [...clients]) send(client, sseComment('heartbeat'));
    }, o.heartbeatMs ?? HEARTBEAT_MS),
    setInterval(() => run(checkSessions), o.sessionCheckMs ?? SESSION_CHECK_MS),
  ];
  // The server's sockets keep the process alive, not the hub.
  for (const t of timers) t.unref();

  return {
    /** Starts a connection's events; call the returned function when it closes. */
    connect(sink: LiveSink, who: Subscriber): () => void {
      if (closed) {
        sink.end();
        return () => {};
      }
      const client: Client = { sink, group: null, tokenHash: who.tokenHash, deptId: who.deptId };
      if (who.warnings) client.warnings = who.scope.kind === 'all' ? null : new Set(who.scope.deptIds);
      clients.add(client);
      if (who.devices) {
        const key = scopeKey(who.scope);
        let group = groups.get(key);
        if (!group) {
          group = { key, depts: who.scope.kind === 'all' ? null : new Set(who.scope.deptIds), clients: new Set() };
          groups.set(key, group);
        }
        group.clients.add(client);
        client.group = group;
      }
      sink.write(sseRetry(RETRY_MS) + sseComment('connected'));
      return () => remove(client);
    },

    /** These devices' map state changed (a committed position, or time turned them offline). */
    devicesChanged(ids: Iterable<number>): void {
      // Nobody watching: a map that opens later loads the full list anyway.
      if (closed || groups.size === 0) return;
      for (const id of ids) changed.add(id);
    },

    /**
     * A warning was just raised: sent at once, serialised once, to the clients whose scope holds its
     * department and whose own department is told of its type in-app (`audience`; everyone without it).
     */
    warningRaised(warning: WarningEvent, audience?: (deptId: number) => boolean): void {
      if (closed) return;
      let text: string | null = null;
      for (const client of [...clients]) {
        if (client.warnings === undefined || (client.warnings !== null && !client.warnings.has(warning.deptId))) continue;
        if (audience && client.deptId !== undefined && !audience(client.deptId)) continue;
        send(client, (text ??= sseEvent('warning', warning)));
      }
    },

    /** Warnings were handled: each warning-viewing client hears of those its scope holds, and nothing if none. */
    warningsHandled(handled: readonly { id: number; deptId: number }[]): void {
      if (closed || handled.length === 0) return;
      for (const client of [...clients]) {
        const seen = client.warnings;
        if (seen === undefined) continue;
        const mine = seen === null ? handled : handled.filter((h) => seen.has(h.deptId));
        if (mine.length === 0) continue;
        send(client, sseEvent('warningHandled', { ids: mine.map((h) => h.id), deptIds: [...new Set(mine.map((h) => h.deptId))] }));
      }
    },

    /** These sessions ended (sign-out; later password change and revocation): their streams end now, not at the next check. */
    endSessions(tokenHashes: Iterable<string>): void {
      const ended = new Set(tokenHashes);
      endWhere((client) => ended.has(client.tokenHash));
    },

    get connections(): number {
      return clients.size;
    },

    /** Ends every stream (so the server can close) and stops the timers. */
    async close(): Promise<void> {
      closed = true;
      for (const t of timers) clearInterval(t);
      endWhere(() => true);
      await Promise.all(running.values());
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
