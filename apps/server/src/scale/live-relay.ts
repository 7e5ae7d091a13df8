import type { WarningEvent } from '@cvrisk/contracts';
import { z } from 'zod';
import type { EventBus } from '../broker/event-bus.js';
import type { Telemetry } from '../telemetry/telemetry.js';

type LiveSource = Pick<Telemetry, 'onDevicesChanged' | 'onWarning'>;
type LiveTarget = Pick<Telemetry, 'devicesChanged' | 'announceWarning'>;

/** The bus is internal, but a malformed event must not reach the streams: ids are checked, warnings must carry theirs. */
const DeviceIds = z.array(z.number().int().positive()).max(100_000);
const Warning = z.looseObject({ id: z.number().int(), deviceNumber: z.string(), warningType: z.number().int() });

/**
 * A worker's side of the live stream in scale mode: the devices its commits changed and the warnings
 * its engine raised go to every API process. Returns the unsubscribe.
 */
export function relayToBus(source: LiveSource, bus: EventBus): () => void {
  const stopDevices = source.onDevicesChanged((ids) => bus.publish('devices', ids));
  const stopWarnings = source.onWarning((warning) => bus.publish('warning', warning));
  return () => {
    stopDevices();
    stopWarnings();
  };
}

/**
 * An API process's side: what every worker relayed, handed to this process's listeners (the live
 * stream's hub, the counts that a new warning changes) as if it had happened here. Returns the unsubscribe.
 */
export function relayFromBus(bus: EventBus, target: LiveTarget, onMalformed: (kind: string) => void): () => void {
  const stopDevices = bus.subscribe('devices', (payload) => {
    const ids = DeviceIds.safeParse(payload);
    if (ids.success) target.devicesChanged(ids.data);
    else onMalformed('devices');
  });
  const stopWarnings = bus.subscribe('warning', (payload) => {
    if (Warning.safeParse(payload).success) target.announceWarning(payload as WarningEvent);
    else onMalformed('warning');
  });
  return () => {
    stopDevices();
    stopWarnings();
  };
}
