import { z } from 'zod';
import type { EventBus } from '../broker/event-bus.js';
import type { DeviceCache } from '../telemetry/pipeline/device-cache.js';
import type { Telemetry } from '../telemetry/telemetry.js';

const KIND = 'device-edits';
const Numbers = z.array(z.string().min(1).max(40)).max(100_000);

/**
 * An API process's side: devices it re-bound, moved or created are announced to every process that
 * caches devices, since each worker and gateway keeps its own copy. Returns the unsubscribe.
 */
export function relayEditsToBus(source: Pick<Telemetry, 'onDevicesEdited'>, bus: EventBus): () => void {
  return source.onDevicesEdited((numbers) => bus.publish(KIND, numbers));
}

/**
 * A worker's or gateway's side: its cache forgets the announced devices, so the next position reads
 * their car and department again (and a device created since is no longer taken for a stranger).
 * Returns the unsubscribe.
 */
export function forgetEditsFromBus(bus: EventBus, cache: Pick<DeviceCache, 'forget'>, onMalformed: (kind: string) => void): () => void {
  return bus.subscribe(KIND, (payload) => {
    const numbers = Numbers.safeParse(payload);
    if (!numbers.success) return onMalformed(KIND);
    for (const n of numbers.data) cache.forget(n);
  });
}
