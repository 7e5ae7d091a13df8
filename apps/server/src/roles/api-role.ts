import type { Logger } from 'pino';
import { buildApp } from '../app.js';
import { createCommandBus } from '../broker/command-bus.js';
import { createEventBus } from '../broker/event-bus.js';
import { createPositionPublisher } from '../broker/position-stream.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { reverseGeocode } from '../geo/gazetteer.js';
import { setUpPlatformIfEmpty } from '../setup/initial-admin.js';
import { createBrokerSink } from '../scale/broker-sink.js';
import { brokerChannel } from '../scale/command-relay.js';
import { relayEditsToBus } from '../scale/device-edits-relay.js';
import { relayFromBus } from '../scale/live-relay.js';
import { createTelemetry } from '../telemetry/telemetry.js';
import { openScaleSetup } from './scale-setup.js';

/**
 * `ROLE=api`: the console and every call. It writes no positions itself: HTTP ingest goes to the
 * stream like a gateway's, commands are announced to the gateways, and the live stream is fed by
 * every worker over the broker. Any number can run behind a load balancer.
 */
export async function startApiRole(config: Config, logger: Logger, handle?: DatabaseHandle) {
  const setup = await openScaleSetup(config, 'api', logger, handle);
  // Scale mode never loads the demo: an empty database gets its platform administrator from the first API process.
  await setUpPlatformIfEmpty(setup.handle.db, config.dataDir);
  const telemetry = createTelemetry(setup.handle);
  telemetry.sink = createBrokerSink({ devices: telemetry.devices, publisher: createPositionPublisher(setup.broker.js, config.natsPartitions, setup.names.positions) });
  telemetry.channel = brokerChannel(createCommandBus(setup.broker.nc, setup.name, { subject: setup.names.commands }));
  const bus = createEventBus(setup.broker.nc, { subjectPrefix: setup.names.events });
  const stopRelay = relayFromBus(bus, telemetry, (kind) => logger.warn({ kind }, 'ignored a malformed live event from the broker'));
  const stopEdits = relayEditsToBus(telemetry, bus);
  reverseGeocode(0, 0);
  const app = await buildApp({ db: setup.handle.db, bulk: setup.handle.bulk, telemetry, config, logger, ops: setup.ops });
  await app.listen({ port: config.port, host: config.host });
  return {
    name: setup.name,
    app,
    ops: setup.ops,
    async stop() {
      await app.close();
      stopRelay();
      stopEdits();
      telemetry.lateFixes.stop();
      await setup.close();
    },
  };
}
