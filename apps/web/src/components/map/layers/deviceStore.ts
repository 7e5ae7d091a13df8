import type { DeviceState, MonitorDevice } from '@cvrisk/contracts';

/** What changed in a batch: moved/added/removed devices need a new cluster index; the rest only a redraw. */
export type StoreChange = { positions: boolean };

/**
 * Every device shown on the monitoring map, by id. Live updates land here (one batch a second from the
 * event stream) and listeners decide how often to redraw; with 50,000 devices the map must not rebuild
 * per update, nor React re-render per device.
 */
export class DeviceStore {
  private byId = new Map<number, MonitorDevice>();
  private idByNumber: Map<string, number> | null = null;
  private listeners = new Set<(change: StoreChange) => void>();
  /** Bumps on every change, for `useSyncExternalStore`. */
  version = 0;

  get size(): number {
    return this.byId.size;
  }

  values(): IterableIterator<MonitorDevice> {
    return this.byId.values();
  }

  get(id: number): MonitorDevice | undefined {
    return this.byId.get(id);
  }

  findByNumber(deviceNumber: string): MonitorDevice | undefined {
    if (!this.idByNumber) {
      this.idByNumber = new Map();
      for (const d of this.byId.values()) this.idByNumber.set(d.deviceNumber, d.id);
    }
    const id = this.idByNumber.get(deviceNumber);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** A fresh load from the server replaces everything. */
  replaceAll(devices: readonly MonitorDevice[]): void {
    this.byId = new Map(devices.map((d) => [d.id, d]));
    this.idByNumber = null;
    this.emit({ positions: true });
  }

  /**
   * Applies one batch of live updates. With `onlyKnown` (a department filter is on) devices that were
   * not loaded stay out: the stream sends every device in the caller's scope.
   */
  apply(updates: readonly MonitorDevice[], onlyKnown: boolean): void {
    let positions = false;
    let changed = false;
    for (const next of updates) {
      const prev = this.byId.get(next.id);
      if (!prev && onlyKnown) continue;
      if (!prev || prev.lng !== next.lng || prev.lat !== next.lat || prev.state !== next.state) positions = true;
      if (!prev) this.idByNumber = null;
      this.byId.set(next.id, next);
      changed = true;
    }
    if (changed) this.emit({ positions });
  }

  countByState(): Record<DeviceState, number> {
    const counts: Record<DeviceState, number> = { moving: 0, parked: 0, offline: 0, never: 0 };
    for (const d of this.byId.values()) counts[d.state] += 1;
    return counts;
  }

  subscribe(listener: (change: StoreChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: StoreChange): void {
    this.version += 1;
    for (const l of this.listeners) l(change);
  }
}
