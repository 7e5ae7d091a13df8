import type { Permission } from '@cvrisk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { dispatchCountsQuery, mineCountsQuery } from '../dispatch/dispatch.queries';
import { recoverySummaryQuery } from '../recovery/recovery.queries';
import {
  alarmCountQuery,
  carCountQuery,
  customerCountQuery,
  customerGradeQuery,
  deviceOnlineQuery,
  unhandledByTypeQuery,
  warningCountQuery,
  warningListWeekQuery,
  warningSeriesQuery,
} from './home.queries';

/** Which parts of the home a user sees; the page and the prefetch read the same answer. */
export function homeParts(permissions: readonly string[]) {
  const has = (p: Permission) => permissions.includes(p);
  // An installer company's staff see their own orders; the institution's device figures are not theirs.
  const installer = has('order:install') && !has('order:dispatch');
  // So do a recovery company's: its home is the recovery figures of its own cases.
  const recoveryTeam = has('recovery:field') && !has('recovery:manage');
  return {
    devices: (!installer && !recoveryTeam) || has('device:view'),
    customers: has('customer:view'),
    warnings: has('warning:view'),
    orders: has('order:dispatch'),
    installer,
    recovery: has('recovery:view'),
  };
}

/**
 * The home's figures asked for as soon as the session is known, beside the page's code on its way
 * (the same query options the cards use, so the cards find them in the cache).
 */
export function prefetchHome(client: QueryClient, permissions: readonly string[]): void {
  const parts = homeParts(permissions);
  const queries = [
    ...(parts.devices ? [deviceOnlineQuery(), carCountQuery()] : []),
    ...(parts.customers ? [customerCountQuery(true), customerGradeQuery()] : []),
    ...(parts.warnings ? [warningCountQuery(), alarmCountQuery(), warningListWeekQuery(), warningSeriesQuery(7), unhandledByTypeQuery()] : []),
    ...(parts.orders ? [dispatchCountsQuery()] : []),
    ...(parts.installer ? [mineCountsQuery()] : []),
    ...(parts.recovery ? [recoverySummaryQuery()] : []),
  ];
  // The options differ in their reply types only; each goes into the cache under its own key.
  for (const q of queries) void client.prefetchQuery(q as ReturnType<typeof deviceOnlineQuery>);
}
