import { DispatchCalls, type DispatchForm } from '@cvrisk/contracts';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

/**
 * Cars of the caller's scope whose frame number matches; nothing is asked for an empty keyword. Kept
 * outside the `dispatch` key: a new order does not change which cars there are.
 */
export function carSearchQuery(keyword: string) {
  return queryOptions({
    queryKey: ['quickDispatch', 'cars', keyword],
    queryFn: keyword ? ({ signal }) => call(DispatchCalls.searchCars, { query: { keyword } }, { signal }) : skipToken,
  });
}

/** The server's `msg` (派单成功) is what the operator is told. */
export async function quickDispatch(body: DispatchForm): Promise<string> {
  return (await callWithMessage(DispatchCalls.quickDispatch, { body })).msg;
}
