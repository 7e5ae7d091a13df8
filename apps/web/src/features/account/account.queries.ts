import { AccountCalls, type ChangePassword } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

export const ACCOUNT_KEY = 'account';

export function mySessionsQuery() {
  return queryOptions({
    queryKey: [ACCOUNT_KEY, 'sessions'],
    queryFn: ({ signal }) => call(AccountCalls.sessions, undefined, { signal }),
  });
}

/** The server's message says how many other sessions were signed out. */
export async function changePassword(body: ChangePassword) {
  return { msg: (await callWithMessage(AccountCalls.changePassword, { body })).msg };
}

export async function endSession(id: string) {
  return { msg: (await callWithMessage(AccountCalls.endSession, { body: { id } })).msg };
}
