import type { OrderState } from '@cvrisk/contracts';

/**
 * The states each change is allowed from (server-behaviour §10). The server refuses the others with
 * a 409; the console only offers what the order's state allows.
 */
const ALLOWED_FROM = {
  reDispatch: [1, 2, 3],
  revoke: [1, 2, 3],
  audit: [4, 6],
  accept: [2],
  upload: [1, 2, 3, 4, 6],
  setDevices: [3],
  markInstalled: [3],
} as const satisfies Record<string, readonly OrderState[]>;

export type OrderChangeName = keyof typeof ALLOWED_FROM;

export function allows(change: OrderChangeName, state: OrderState): boolean {
  return (ALLOWED_FROM[change] as readonly OrderState[]).includes(state);
}
