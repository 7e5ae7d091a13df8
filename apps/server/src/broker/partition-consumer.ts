import { DeliverPolicy, type Consumer, type ConsumerMessages, type JetStreamClient } from 'nats';
import type { IncomingPosition } from '../telemetry/pipeline/incoming.js';
import { decodePositions } from './position-codec.js';
import { partitionSubject, POSITION_STREAM, POSITION_SUBJECT_PREFIX, type StreamNames } from './position-stream.js';

export type PositionMessage = { seq: number; deviceNumber: string; positions: IncomingPosition[] };

export type PartitionConsumer = {
  /** Ends reading; resolves once the batch being handled (if any) is done and nothing more will be handed. */
  stop(): Promise<void>;
  /** Resolves when the consumer ended, by stop() or by a failure reported through onError. */
  done: Promise<void>;
  /**
   * Messages of the partition not yet handled: still in the stream past the cursor (asked of the
   * server), fetched and waiting, or in the batch being handled (metrics: consumer lag).
   */
  backlog(): Promise<number>;
};

export type ConsumePartitionOptions = StreamNames & {
  partition: number;
  /** The first stream sequence to hand over: the partition's committed seq + 1. */
  fromSeq: number;
  /** Commits positions and the batch's last seq in one transaction; throwing ends the consumer. */
  handle(batch: PositionMessage[]): Promise<void>;
  onError(err: unknown): void;
  /** A message that is not a position message (a bug or a foreign publisher); it is skipped. */
  onMalformed?(seq: number, err: unknown): void;
  maxBatch?: number;
  /** How long one pull waits on an idle partition before asking again (≥ 1000, a NATS client minimum). */
  idleFetchMs?: number;
};

/**
 * Reads one partition in stream order and hands it to `handle` one batch at a time.
 *
 * The consumer is an ordered consumer (ephemeral, no acks, server-side filter on the partition's
 * subject): the offset lives in the database next to the positions it covers, so JetStream need not
 * remember anything, and the client recreates the server-side consumer at its cursor if a delivery is
 * ever missed. It is read with successive fetches of at most maxBatch messages, not with consume():
 * nats.js's ordered consume() keeps pulling no matter how far behind the handler is, which after an
 * outage would load a day of backlog into memory. Here at most two batches are held: the one being
 * handled and the one arriving.
 *
 * Messages are handed as soon as they arrive; while `handle` works, the next ones gather into the next
 * batch. That keeps latency low when quiet and batches large (cheap transactions) when busy.
 */
export async function consumePartition(js: JetStreamClient, opts: ConsumePartitionOptions): Promise<PartitionConsumer> {
  const stream = opts.stream ?? POSITION_STREAM;
  const subject = partitionSubject(opts.partition, opts.subjectPrefix ?? POSITION_SUBJECT_PREFIX);
  const maxBatch = opts.maxBatch ?? 500;
  const idleFetchMs = Math.max(1000, opts.idleFetchMs ?? 5000);

  /** Every seq below this was queued already; guards against a redelivery after the consumer is recreated. */
  let nextSeq = Math.max(1, opts.fromSeq);
  const open = () => js.consumers.get(stream, {
    filterSubjects: subject,
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: nextSeq,
  });
  // Created before returning, so a missing stream is the caller's error and not a silent retry loop.
  let consumer: Consumer = await open();

  const queue: PositionMessage[] = [];
  /** Messages of the batch `handle` is working on. */
  let handling = 0;
  let stopping = false;
  let fetching: ConsumerMessages | null = null;
  const handlerWake = wakeup();
  const pumpWake = wakeup();
  const pause = wakeup();

  function end(): void {
    stopping = true;
    fetching?.stop();
    handlerWake.notify();
    pumpWake.notify();
    pause.notify();
  }

  async function pump(): Promise<void> {
    while (!stopping) {
      if (queue.length >= maxBatch) {
        await pumpWake.wait();
        continue;
      }
      try {
        fetching = await consumer.fetch({ max_messages: maxBatch, expires: idleFetchMs });
        if (stopping) fetching.stop();
        let received = 0;
        for await (const m of fetching) {
          received += 1;
          const seq = m.seq;
          if (seq < nextSeq) continue;
          nextSeq = seq + 1;
          try {
            queue.push({ seq, ...decodePositions(m.data) });
          } catch (err) {
            opts.onMalformed?.(seq, err);
            continue;
          }
          handlerWake.notify();
        }
        // A fetch on a consumer the server dropped (inactive too long, removed by hand) just comes back
        // empty; nats.js recreates it only after one to four such fetches (measured), messages waiting
        // meanwhile. Asking after each empty fetch costs one request per idle period and turns that
        // stall into the error below at once.
        if (received === 0 && !stopping) await consumer.info();
      } catch {
        if (stopping) break;
        // Disconnected, or the server lost the consumer: start a fresh one at our own cursor after a
        // pause, rather than trusting the old one's state.
        await Promise.race([pause.wait(), delay(1000)]);
        await consumer.delete().catch(() => undefined);
        if (!stopping) consumer = await open().catch(() => consumer);
      } finally {
        fetching = null;
      }
    }
  }

  async function handOver(): Promise<void> {
    while (!stopping) {
      if (queue.length === 0) {
        await handlerWake.wait();
        continue;
      }
      const batch = queue.splice(0, maxBatch);
      pumpWake.notify();
      handling = batch.length;
      try {
        await opts.handle(batch);
      } catch (err) {
        end();
        try {
          opts.onError(err);
        } catch {
          // The report is the caller's; its failure must not turn `done` into a rejection nobody awaits.
        }
      } finally {
        handling = 0;
      }
    }
  }

  const done = Promise.all([pump(), handOver()]).then(async () => {
    await consumer.delete().catch(() => undefined);
  });
  return {
    done,
    stop: async () => {
      end();
      await done;
    },
    backlog: async () => (await consumer.info()).num_pending + queue.length + handling,
  };
}

/** A one-waiter signal; callers re-check their condition after waking, so a spurious wake is harmless. */
function wakeup() {
  let resolve: (() => void) | null = null;
  return {
    wait: () => new Promise<void>((r) => { resolve = r; }),
    notify: () => {
      const r = resolve;
      resolve = null;
      r?.();
    },
  };
}

/** Unref'd: a pause between retries must not keep a stopping process alive. */
function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms).unref());
}
