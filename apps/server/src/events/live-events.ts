import type { AppModule } from '../modules/app-module.js';
import { startOfflineSweep } from './offline-sweep.js';
import { streamRoutes } from './stream.routes.js';

/**
 * The live stream and what feeds it: committed positions (their devices' latest state changed), the
 * offline sweep (time alone changed it) and the risk engine's new warnings — this process's, or in
 * scale mode every worker's, relayed over the broker (scale/live-relay.ts). The hub ends its streams
 * before the server closes.
 */
export const liveEventsModule: AppModule = (app, { telemetry, shared }) => {
  const onError = (err: unknown) => app.log.warn({ err }, 'live updates failed');
  const hub = shared.hub();
  const monitor = shared.monitor();
  const unsubscribe = telemetry.onDevicesChanged((ids) => hub.devicesChanged(ids));
  // In-app push per department and type (push screen): a failed look-up tells everyone rather than no one.
  const inApp = shared.inApp();
  const stopWarnings = telemetry.onWarning((warning) =>
    void inApp.audience(warning.warningType).then(
      (audience) => hub.warningRaised(warning, audience),
      (err: unknown) => (onError(err), hub.warningRaised(warning)),
    ),
  );
  // Sign-out (and any later way of ending sessions) ends their streams at once; the hub's periodic check stays for the rest.
  const stopSessions = shared.sessions().onSessionsEnded((hashes) => hub.endSessions(hashes));
  const sweep = startOfflineSweep({
    find: (from, to) => monitor.wentOffline(from, to),
    publish: (ids) => hub.devicesChanged(ids),
    onError,
  });
  streamRoutes(app, hub);
  // Open streams never finish by themselves: end them before the server waits for its requests.
  app.addHook('preClose', async () => {
    unsubscribe();
    stopWarnings();
    stopSessions();
    await sweep.stop();
    await hub.close();
  });
};
