import { useMemo, useSyncExternalStore } from 'react';

/**
 * An address for a blob that lives exactly as long as a component shows it: made when the component
 * subscribes, revoked when it unsubscribes (the bytes stay in memory until then). Held as an external
 * store rather than effect state, so React's double mount in development makes a fresh address
 * instead of keeping a revoked one.
 */
function objectUrlStore(blob: Blob | undefined) {
  let url: string | undefined;
  return {
    subscribe(changed: () => void) {
      if (!blob) return () => {};
      url = URL.createObjectURL(blob);
      changed();
      return () => {
        URL.revokeObjectURL(url!);
        url = undefined;
      };
    },
    get: () => url,
  };
}

export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const store = useMemo(() => objectUrlStore(blob), [blob]);
  return useSyncExternalStore(store.subscribe, store.get);
}
