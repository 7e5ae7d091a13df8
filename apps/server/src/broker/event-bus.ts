import { JSONCodec, type NatsConnection } from 'nats';

export const EVENT_SUBJECT_PREFIX = 'cvrisk.events';

export type EventBus = {
  publish(kind: string, payload: unknown): void;
  /** Returns the unsubscribe function. */
  subscribe<T = unknown>(kind: string, handler: (payload: T) => void): () => void;
};

const codec = JSONCodec();

/** A kind is one subject token, so that no caller can subscribe to `>` or publish into another kind by accident. */
function subjectOf(prefix: string, kind: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(kind)) throw new Error(`event kind must be one subject token, not "${kind}"`);
  return `${prefix}.${kind}`;
}

/**
 * Live events (positions, warnings, command answers) to every API process, over core NATS: each
 * subscriber gets each event, with no queue group. Core NATS keeps nothing: an API process that is
 * down or reconnecting misses events, which is what a live view wants (a console reloads state on
 * reconnect; history is in the database, not on the bus).
 */
export function createEventBus(nc: NatsConnection, opts: { subjectPrefix?: string; onHandlerError?: (kind: string, err: unknown) => void } = {}): EventBus {
  const prefix = opts.subjectPrefix ?? EVENT_SUBJECT_PREFIX;
  return {
    publish(kind, payload) {
      nc.publish(subjectOf(prefix, kind), codec.encode(payload));
    },
    subscribe<T>(kind: string, handler: (payload: T) => void) {
      const sub = nc.subscribe(subjectOf(prefix, kind), {
        callback: (err, msg) => {
          if (err) return;
          try {
            handler(codec.decode(msg.data) as T);
          } catch (e) {
            // One bad event or handler must not end the subscription for all later events.
            opts.onHandlerError?.(kind, e);
          }
        },
      });
      return () => sub.unsubscribe();
    },
  };
}
