import { JSONCodec, type NatsConnection } from 'nats';

export const COMMAND_SUBJECT = 'cvrisk.cmd.deliver';

export type CommandBus = {
  /** Tells every gateway that a stored command for this device is waiting in the database. */
  announce(deviceId: number): void;
  /** For gateways: called for every announcement; the one holding the device's connection delivers. */
  onAnnounce(handler: (deviceId: number, from: string) => void): () => void;
};

type Announcement = { deviceId: number; from: string };
const codec = JSONCodec<Announcement>();

/**
 * The command itself stays in the database (its state, answer and retries are there already); the bus
 * only carries "look now". A lost announcement therefore costs a delay (queued commands also go out
 * when the terminal next authenticates), never a command; and no process needs to know which gateway
 * holds which device. `from` is the announcer's id, for logs.
 */
export function createCommandBus(nc: NatsConnection, gatewayId: string, opts: { subject?: string } = {}): CommandBus {
  const subject = opts.subject ?? COMMAND_SUBJECT;
  return {
    announce(deviceId) {
      nc.publish(subject, codec.encode({ deviceId, from: gatewayId }));
    },
    onAnnounce(handler) {
      const sub = nc.subscribe(subject, {
        callback: (err, msg) => {
          if (err) return;
          try {
            const a = codec.decode(msg.data);
            if (Number.isInteger(a.deviceId)) handler(a.deviceId, a.from);
          } catch {
            // A malformed announcement is only a missed "look now".
          }
        },
      });
      return () => sub.unsubscribe();
    },
  };
}
