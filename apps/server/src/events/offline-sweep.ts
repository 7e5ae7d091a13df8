/** How often the sweep looks for devices that time alone turned offline (server-behaviour §4). */
export const OFFLINE_SWEEP_MS = 30_000;

export type OfflineSweepOptions = {
  /** Devices online at `from` and offline at `to` with nothing reported since. */
  find(from: number, to: number): Promise<number[]>;
  publish(ids: number[]): void;
  onError(err: unknown): void;
  everyMs?: number;
  now?: () => number;
};

/**
 * Going offline is the one state change no position announces. Each sweep covers the time since the
 * previous one, so every device is published once, when its grace runs out, whatever the interval.
 */
export function startOfflineSweep(o: OfflineSweepOptions): { stop(): Promise<void> } {
  const now = o.now ?? Date.now;
  let from = now();
  let running: Promise<void> | null = null;

  async function sweep(): Promise<void> {
    const to = now();
    const ids = await o.find(from, to);
    from = to;
    if (ids.length > 0) o.publish(ids);
  }

  const timer = setInterval(() => {
    if (running) return;
    running = sweep()
      .catch(o.onError)
      .finally(() => {
        running = null;
      });
  }, o.everyMs ?? OFFLINE_SWEEP_MS);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
