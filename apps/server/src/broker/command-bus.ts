import { JSONCodec, type NatsConnection } from 'nats';

export const COMMAND_SUBJECT = 'cvrisk.cmd.deliver';

/** `deliver`: a stored command waits; `disconnect`: the terminal's registration was reset, close its connection. */
export type CommandRequest = { deviceNumber: string; kind: 'deliver' | 'disconnect' };

export type CommandBus = {
  /** Tells every gateway; the one holding the terminal's connection acts. */
  announce(request: CommandRequest): void;
  /** For gateways: called for every announcement. */
  onAnnounce(handler: (request: CommandRequest, from: string) => void): () => void;
};

type Announcement = CommandRequest & { from: string };
const codec = JSONCodec<Announcement>();

/**
 * The command itself stays in the database (its state, answer and retries are there already); the bus
 * only carries "look now". A lost announcement therefore costs a delay (queued commands also go out
 * when the terminal next authenticates), never a command; and no process needs to know which gateway
 * holds which device. `from` is the announcer's id, for logs.
 */
export function createCommandBus(nc: NatsConnection, processId: string, opts: { subject?: string } = {}): CommandBus {
  const subject = opts.subject ?? COMMAND_SUBJECT;
  return {
    announce(request) {
      nc.publish(subject, codec.encode({ deviceNumber: request.deviceNumber, kind: request.kind, from: processId }));
    },
    onAnnounce(handler) {
      const sub = nc.subscribe(subject, {
        callback: (err, msg) => {
          if (err) return;
          try {
            const a = codec.decode(msg.data);
            if (typeof a.deviceNumber === 'string' && (a.kind === 'deliver' || a.kind === 'disconnect')) {
              handler({ deviceNumber: a.deviceNumber, kind: a.kind }, String(a.from));
            }
          } catch {
            // A malformed announcement is only a missed "look now".
          }
        },
      });
      return () => sub.unsubscribe();
    },
  };
}
