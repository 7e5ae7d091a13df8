import type { CommandBus } from '../broker/command-bus.js';
import type { CommandChannel } from '../telemetry/commands/command-store.js';
import type { Jt808Gateway } from '../telemetry/gateway/gateway.js';

/**
 * An API process's way to terminals in scale mode: the command service has stored the command; every
 * gateway is told to look, and the one holding the terminal sends it. Whether it went out is not
 * known here: the command shows 待发送 until that gateway records it sent.
 */
export function brokerChannel(bus: CommandBus): CommandChannel {
  return {
    async deliver(deviceNumber) {
      bus.announce({ deviceNumber, kind: 'deliver' });
      return false;
    },
    disconnect(deviceNumber) {
      bus.announce({ deviceNumber, kind: 'disconnect' });
      return false;
    },
  };
}

/** A gateway's side: acts on announcements for the terminals connected to it; returns the unsubscribe. */
export function serveCommands(bus: CommandBus, gateway: Pick<Jt808Gateway, 'channel' | 'deliverQueued'>, onError: (err: unknown) => void): () => void {
  return bus.onAnnounce((request) => {
    if (request.kind === 'disconnect') gateway.channel.disconnect(request.deviceNumber);
    else gateway.deliverQueued(request.deviceNumber).catch(onError);
  });
}
