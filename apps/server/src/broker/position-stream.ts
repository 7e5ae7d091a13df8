import { DiscardPolicy, nanos, RetentionPolicy, StorageType, type JetStreamClient, type JetStreamManager, type StreamInfo } from 'nats';
import type { IncomingPosition } from '../telemetry/pipeline/incoming.js';
import { encodePositions } from './position-codec.js';

export { decodePositions } from './position-codec.js';

export const POSITION_STREAM = 'CVRISK_POSITIONS';
export const POSITION_SUBJECT_PREFIX = 'cvrisk.pos';

/** Tests pass their own names so that parallel runs and leftovers never meet the real stream. */
export type StreamNames = { stream?: string; subjectPrefix?: string };

export function partitionSubject(partition: number, subjectPrefix = POSITION_SUBJECT_PREFIX): string {
  return `${subjectPrefix}.${partition}`;
}

/**
 * The partition of a device: FNV-1a (32 bit) over the UTF-8 bytes of its number, modulo the count.
 * Gateways and workers of any version must agree on it forever, so it is a fixed, documented
 * function and not, say, a hash from a library that could change. FNV-1a spreads sequential
 * terminal numbers evenly (measured: 10,000 consecutive numbers over 16 partitions, 623–628 each).
 */
export function partitionOf(deviceNumber: string, partitions: number): number {
  if (!Number.isInteger(partitions) || partitions < 1) throw new Error(`partitions must be a positive integer, not ${partitions}`);
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(deviceNumber, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % partitions;
}

const DAY_MS = 24 * 3600_000;
/** A gateway retrying after a lost PubAck does so within seconds; two minutes is plenty. */
const DUPLICATE_WINDOW_MS = 2 * 60_000;

/**
 * Creates the position stream, or brings an existing one to this configuration. The partition count
 * is written into the description and checked: changing it would move devices to other partitions
 * while old positions still wait in the old ones, and one device's positions would be handled out of
 * order by two workers. Changing it means draining the stream and deleting it first.
 */
export async function ensurePositionStream(
  jsm: JetStreamManager,
  opts: { partitions: number; replicas?: number; maxAgeMs?: number; maxBytes?: number } & StreamNames,
): Promise<StreamInfo> {
  const name = opts.stream ?? POSITION_STREAM;
  const prefix = opts.subjectPrefix ?? POSITION_SUBJECT_PREFIX;
  const config = {
    subjects: [`${prefix}.>`],
    description: `cvrisk positions by device partition; partitions=${opts.partitions}`,
    max_age: nanos(opts.maxAgeMs ?? DAY_MS),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_bytes: opts.maxBytes ?? -1,
    discard: DiscardPolicy.Old,
    // A cluster moves an existing stream to a new replica count on update; a single server refuses more than 1.
    num_replicas: opts.replicas ?? 1,
  };
  const existing = await jsm.streams.info(name).catch((err: unknown) => {
    if (isNotFound(err)) return null;
    throw err;
  });
  if (!existing) {
    return jsm.streams.add({ name, storage: StorageType.File, retention: RetentionPolicy.Limits, ...config });
  }
  const had = /partitions=(\d+)/.exec(existing.config.description ?? '')?.[1];
  if (had !== undefined && Number(had) !== opts.partitions) {
    throw new Error(`Stream ${name} was created for ${had} partitions, not ${opts.partitions}; drain and delete it before changing the count`);
  }
  return jsm.streams.update(name, config);
}

function isNotFound(err: unknown): boolean {
  const e = err as { code?: string; api_error?: { err_code?: number } };
  // 10059: stream not found.
  return e.api_error?.err_code === 10059 || e.code === '404';
}

export type PublishResult = { seq: number; duplicate: boolean };

export type PositionPublisher = {
  /**
   * Resolves once JetStream has stored the message (the PubAck arrived): only then may the gateway
   * acknowledge the terminal. `msgId` must be the same for a retry of the same positions and unique
   * otherwise within two minutes; a retry after a lost PubAck is then stored once (`duplicate`).
   */
  publish(deviceNumber: string, positions: IncomingPosition[], msgId: string): Promise<PublishResult>;
};

/**
 * Each publish is its own request with its own reply, so any number may be in flight at once; the
 * connection's request multiplexer matches PubAcks to callers. `expect.streamName` makes the server
 * refuse a message that would land in another stream (a misconfigured subject) instead of acking it.
 */
export function createPositionPublisher(
  js: JetStreamClient,
  partitions: number,
  opts: StreamNames & { timeoutMs?: number } = {},
): PositionPublisher {
  const streamName = opts.stream ?? POSITION_STREAM;
  const prefix = opts.subjectPrefix ?? POSITION_SUBJECT_PREFIX;
  return {
    async publish(deviceNumber, positions, msgId) {
      const subject = partitionSubject(partitionOf(deviceNumber, partitions), prefix);
      const ack = await js.publish(subject, encodePositions(deviceNumber, positions), {
        msgID: msgId,
        expect: { streamName },
        ...(opts.timeoutMs ? { timeout: opts.timeoutMs } : {}),
      });
      return { seq: ack.seq, duplicate: ack.duplicate };
    },
  };
}
