import { createHash } from 'node:crypto';
import { encodePositions } from '../broker/position-codec.js';
import type { PositionPublisher } from '../broker/position-stream.js';
import type { DeviceCache } from '../telemetry/pipeline/device-cache.js';
import { rejectionOf, type IncomingPosition, type ItemResult } from '../telemetry/pipeline/incoming.js';
import type { PositionSink } from '../telemetry/pipeline/position-pipeline.js';

export type BrokerSinkOptions = {
  devices: Pick<DeviceCache, 'get'>;
  publisher: PositionPublisher;
  now?: () => number;
};

/** One device's valid positions of a call, and where their results go. */
type Group = { deviceNumber: string; positions: IncomingPosition[]; slots: number[] };
type Sorted = { results: ItemResult[]; groups: Group[] };

const ignore = () => undefined;

/**
 * A gateway's sink in scale mode: positions go to the JetStream position stream instead of the
 * database, and an item counts as stored once JetStream acknowledged it, so the terminal is still
 * acknowledged only for what is durably kept. Items are checked and answered as the pipeline does,
 * so a terminal cannot tell which mode the platform runs in.
 *
 * Order: the workers store a device's messages in stream order, and JetStream stores the publishes
 * of one connection in the order they were issued. So the publishes of each call are issued
 * synchronously, and only after those of the previous call; device lookups of several calls may
 * overlap, only the publishing waits its turn.
 */
export function createBrokerSink(o: BrokerSinkOptions): PositionSink {
  const now = o.now ?? Date.now;
  /** Settles once the previous call's publishes are issued (or it failed before issuing any). */
  let turn: Promise<void> = Promise.resolve();

  async function sort(items: IncomingPosition[], t: number): Promise<Sorted> {
    const reasons = items.map((p) => rejectionOf(p, t));
    // A call names one device many times, an HTTP batch many devices: each number is looked up once, together.
    const numbers = [...new Set(items.filter((_, i) => !reasons[i]).map((p) => p.deviceNumber))];
    const found = await Promise.all(numbers.map((n) => o.devices.get(n)));
    const known = new Set(numbers.filter((_, k) => found[k]));
    const results: ItemResult[] = new Array(items.length);
    const groups = new Map<string, Group>();
    items.forEach((p, i) => {
      const reason = reasons[i] ?? (known.has(p.deviceNumber) ? null : '设备不存在');
      if (reason) {
        results[i] = { status: 'rejected', reason };
        return;
      }
      let g = groups.get(p.deviceNumber);
      if (!g) groups.set(p.deviceNumber, (g = { deviceNumber: p.deviceNumber, positions: [], slots: [] }));
      g.positions.push(p);
      g.slots.push(i);
    });
    return { results, groups: [...groups.values()] };
  }

  /** Runs synchronously, so that nothing of another call can be issued between two of this call's publishes. */
  function publish({ results, groups }: Sorted): { results: Promise<ItemResult[]> } {
    if (groups.length === 0) return { results: Promise.resolve(results) };
    const acks = groups.map((g) => o.publisher.publish(g.deviceNumber, g.positions, messageIdOf(g.deviceNumber, g.positions)));
    // One failed device fails the call, as one failed commit does in the pipeline: the sender resends
    // all of it, and what did reach the stream comes back as duplicate.
    const settled = Promise.all(acks).then((answers) => {
      groups.forEach((g, k) => {
        const status = answers[k]!.duplicate ? 'duplicate' : 'stored';
        for (const slot of g.slots) results[slot] = { status };
      });
      return results;
    });
    // The caller gets the failure through its own handler; this one only keeps a failure that comes
    // before the caller attached it from counting as unhandled, which would end the process.
    settled.catch(ignore);
    return { results: settled };
  }

  function queue(items: IncomingPosition[]): Promise<{ results: Promise<ItemResult[]> }> {
    const sorted = sort(items, now());
    // Handled below once it is this call's turn; a lookup failing earlier must not count as unhandled meanwhile.
    sorted.catch(ignore);
    const issued = turn.then(() => sorted).then(publish);
    turn = issued.then(ignore, ignore);
    return issued;
  }

  return {
    queue,
    async submit(items) {
      return (await queue(items)).results;
    },
  };
}

/**
 * The message id JetStream de-duplicates by: a hash of the message itself, so a terminal's resend of a
 * frame whose PubAck was lost is stored once. Device, first and last time and count would be shorter,
 * but would also drop a different batch that happens to share them; the hash only ever lets an
 * altered resend through twice, which the workers' (device, time) key then stores once.
 */
function messageIdOf(deviceNumber: string, positions: IncomingPosition[]): string {
  return createHash('sha256').update(encodePositions(deviceNumber, positions)).digest('base64url').slice(0, 22);
}
