import { OnlineCheckCalls, type OnlineCheckQuery, type OnlineCheckSelection } from '@cvrisk/contracts';
import { call, callWithMessage } from '../../api/call';

export const LIST_ID = 'onlineCheck';
/** How often the states of outstanding position queries are asked for. */
export const STATE_POLL_MS = 2_000;
/** A terminal answers 0x8201 within seconds; past this a query is shown as timed out and no longer asked about. */
export const ANSWER_TIMEOUT_MS = 60_000;

export function fetchOnlineCheckPage(query: OnlineCheckQuery, signal: AbortSignal) {
  return call(OnlineCheckCalls.list, { body: query }, { signal });
}

/** The server's `msg` (已向N台在线设备下发位置查询，M台不在线未下发) is what the operator is told. */
export async function sendPositionQuery(selection: OnlineCheckSelection) {
  const { value, msg } = await callWithMessage(OnlineCheckCalls.positionQuery, { body: selection });
  return { result: value, msg };
}

/** Polled quietly: a failed poll should not toast every 2 s; the next one tries again. */
export function fetchCommandStates(commandIds: number[], signal: AbortSignal) {
  return call(OnlineCheckCalls.queryStates, { body: { commandIds } }, { signal, silent: true });
}
