import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../../api/token';

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
