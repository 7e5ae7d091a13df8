import type { Logger } from 'pino';
import { createCommandBus } from '../broker/command-bus.js';
import { createEventBus } from '../broker/event-bus.js';
import { createPositionPublisher } from '../broker/position-stream.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { createBrokerSink } from '../scale/broker-sink.js';
import { serveCommands } from '../scale/command-relay.js';
import { forgetEditsFromBus } from '../scale/device-edits-relay.js';
import { createCommandStore } from '../telemetry/commands/command-store.js';
import { createJt808Gateway } from '../telemetry/gateway/gateway.js';
import { createDeviceCache } from '../telemetry/pipeline/device-cache.js';
import { openScaleSetup } from './scale-setup.js';

/**
 * `ROLE=gateway`: holds terminals' JT/T 808 connections. Positions go to the JetStream stream, and a
 * terminal is acknowledged once the stream has stored them; commands stored by an API process are
 * sent to the terminals connected here. Nothing here keeps state another process needs.
 */
export async function startGatewayRole(config: Config, logger: Logger, handle?: DatabaseHandle) {
  const setup = await openScaleSetup(config, 'gateway', logger, handle);
  const { db } = setup.handle;
  const devices = createDeviceCache(db);
  const stopEdits = forgetEditsFromBus(createEventBus(setup.broker.nc, { subjectPrefix: setup.names.events }), devices, (kind) => logger.warn({ kind }, 'ignored a malformed event from the broker'));
  const sink = createBrokerSink({ devices, publisher: createPositionPublisher(setup.broker.js, config.natsPartitions, setup.names.positions) });
  const gateway = createJt808Gateway({
    port: config.jt808Port, host: config.host, db, pipeline: sink, commands: createCommandStore(db),
    autoRegister: config.jt808AutoRegister, registerWindowMs: config.jt808RegisterWindowMs, idleTimeoutMs: config.jt808IdleMs, limits: config.jt808Limits, log: logger,
  });
  setup.ops.watchGateway(gateway);
  const port = await gateway.listen();
  const stopCommands = serveCommands(createCommandBus(setup.broker.nc, setup.name, { subject: setup.names.commands }), gateway, (err) => logger.warn({ err }, 'sending a stored command failed'));
  return {
    name: setup.name,
    jt808Port: port,
    gateway,
    ops: setup.ops,
    async stop() {
      stopCommands();
      stopEdits();
      await gateway.close();
      await setup.close();
    },
  };
}
