import type { MonitorDevice } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { liveStatus, subscribeLive, subscribeLiveStatus } from '../../api/liveStream';
import { useSession } from '../../app/session/SessionContext';
import { DeviceStore } from '../../components/map/layers/deviceStore';
import { deptTreeQuery } from '../catalog/catalog.queries';
import { deptSubtree } from './deptSubtree';
import { fetchMonitorDevices } from './monitoring.queries';

/** How long the device list waits for the stream to open first (beyond it, the list loads anyway). */
const STREAM_WAIT_MS = 1500;

/**
 * The devices of the monitoring map. TanStack Query fetches the snapshot; the live stream's batches then
 * go into a DeviceStore rather than the query cache, because copying an array of 50,000 devices into the
 * cache every second, and re-rendering on it, is exactly what the map must avoid.
 */
export function useMonitorDevices(deptId: number | null) {
  const { user } = useSession();
  const [store] = useState(() => new DeviceStore());
  // The stream replays nothing (docs/decisions.md): it opens first, so no change falls between the list
  // and the first event, and a reconnect reloads the list.
  const status = useSyncExternalStore(subscribeLiveStatus, liveStatus);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), STREAM_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const snapshot = useQuery({
    queryKey: ['monitor', 'devices', deptId],
    queryFn: ({ signal }) => fetchMonitorDevices(deptId ?? undefined, signal),
    enabled: status === 'open' || waited,
    // The stream keeps it current; refetching 50,000 devices on focus would only stall the map.
    staleTime: Infinity,
    gcTime: 0,
  });
  const tree = useQuery(deptTreeQuery(user.userId));

  useEffect(() => {
    if (snapshot.data) store.replaceAll(snapshot.data);
  }, [store, snapshot.data]);

  const wasDown = useRef(false);
  const { refetch } = snapshot;
  useEffect(() => {
    if (status === 'retrying') wasDown.current = true;
    else if (status === 'open' && wasDown.current) {
      wasDown.current = false;
      void refetch();
    }
  }, [status, refetch]);

  useEffect(() => {
    // The stream sends every device in the caller's scope; with a department chosen, only its subtree counts.
    const subtree = deptId === null ? null : deptSubtree(tree.data ?? [], deptId);
    const onlyKnown = deptId !== null && subtree === null;
    return subscribeLive('devices', (batch) => {
      store.apply(subtree ? batch.filter((d) => subtree.has(d.deptId)) : batch, onlyKnown);
    });
  }, [store, deptId, tree.data]);

  return { store, snapshot: snapshot.data, loading: snapshot.isPending, error: snapshot.isError, refetch: snapshot.refetch };
}

/** One device of the store, re-rendering only when that device changes. */
export function useStoreDevice(store: DeviceStore, deviceNumber: string | null): MonitorDevice | undefined {
  return useSyncExternalStore(
    (onChange) => store.subscribe(onChange),
    () => (deviceNumber ? store.findByNumber(deviceNumber) : undefined),
  );
}

/** The store's version, for components that summarise all devices (counts). */
export function useStoreVersion(store: DeviceStore): number {
  return useSyncExternalStore(
    (onChange) => store.subscribe(onChange),
    () => store.version,
  );
}
