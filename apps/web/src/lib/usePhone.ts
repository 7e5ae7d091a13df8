import { useSyncExternalStore } from 'react';

/**
 * A phone: below antd's `sm` breakpoint (576 px). A table of a dozen columns shows two of them there,
 * and a panel beside a map covers most of it: screens change their layout, not just their width.
 */
const PHONE_QUERY = '(max-width: 575.98px)';

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(PHONE_QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches, () => false);
}
