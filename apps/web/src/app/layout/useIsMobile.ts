import { useSyncExternalStore } from 'react';

/** console-spec §9: below 992 px the device counts as mobile. */
const MOBILE_QUERY = '(max-width: 991.98px)';

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(MOBILE_QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(MOBILE_QUERY).matches, () => false);
}
