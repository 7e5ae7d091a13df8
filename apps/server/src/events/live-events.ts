import type { FastifyInstance } from 'fastify';
import type { MonitorService } from '../modules/monitor/monitor.service.js';
import type { SessionService } from '../modules/session/session.service.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import { createEventHub, type EventHub } from './event-hub.js';
import { startOfflineSweep } from './offline-sweep.js';
import { streamRoutes } from './stream.routes.js';

export type LiveEventsDeps = { telemetry: Telemetry; monitor: MonitorService; sessions: SessionService };

/**
 * The live stream and what feeds it: committed positions (their devices' latest state changed), the
 * offline sweep (time alone changed it) and the risk engine's new warnings. The hub ends its streams
 * before the server closes.
 */
export function registerLiveEvents(app: FastifyInstance, deps: LiveEventsDeps): EventHub {
  const onError = (err: unknown) => app.log.warn({ err }, 'live updates failed');
  const hub = createEventHub({
    loadDevices: (ids) => deps.monitor.forStream(ids),
    activeSessions: (hashes) => deps.sessions.activeSessions(hashes),
    onError,
  });
  // Only devices whose latest fix advanced have a status row in the batch: late fixes change nothing on the map.
  const unsubscribe = deps.telemetry.onCommitted((batch) => hub.devicesChanged(batch.statuses.map((s) => s.device_id)));
  const stopWarnings = deps.telemetry.onWarning((warning) => hub.warningRaised(warning));
  const sweep = startOfflineSweep({
    find: (from, to) => deps.monitor.wentOffline(from, to),
    publish: (ids) => hub.devicesChanged(ids),
    onError,
  });
  streamRoutes(app, hub);
  // Open streams never finish by themselves: end them before the server waits for its requests.
  app.addHook('preClose', async () => {
    unsubscribe();
    stopWarnings();
    await sweep.stop();
    await hub.close();
  });
  return hub;
}
