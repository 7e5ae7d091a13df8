import { ONLINE_CHECK_STATES_MAX, type OnlineCheckCommand, type OnlineCheckSelection } from '@cvrisk/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ANSWER_TIMEOUT_MS, fetchCommandStates, LIST_ID, sendPositionQuery, STATE_POLL_MS } from './onlineCheck.queries';

/** A position query as the screen follows it: its last known state, and when it stops waiting for an answer. */
export type TrackedQuery = OnlineCheckCommand & { deadline: number; timedOut: boolean };
type ByDevice = Record<string, TrackedQuery>;

/** Sent or waiting to be, and not yet given up on. */
export const awaiting = (q: TrackedQuery) => (q.state === 'queued' || q.state === 'sent') && !q.timedOut;

/** A row follows its device's latest query: a new send replaces it, a state updates only that same query. */
function withSent(prev: ByDevice, commands: OnlineCheckCommand[], deadline: number): ByDevice {
  const next = { ...prev };
  for (const c of commands) next[c.deviceNumber] = { ...c, deadline, timedOut: false };
  return next;
}

function withStates(prev: ByDevice, states: OnlineCheckCommand[]): ByDevice {
  const next = { ...prev };
  for (const s of states) {
    const followed = next[s.deviceNumber];
    if (followed?.id === s.id && awaiting(followed)) next[s.deviceNumber] = { ...followed, ...s };
  }
  return next;
}

function withExpired(prev: ByDevice, now: number): ByDevice {
  return Object.fromEntries(Object.entries(prev).map(([n, q]) => [n, awaiting(q) && q.deadline <= now ? { ...q, timedOut: true } : q]));
}

/**
 * The position queries sent from the screen, each followed until its answer comes (polled every 2 s)
 * or a minute passes without one.
 */
function useTracker() {
  const { message } = App.useApp();
  const [tracked, setTracked] = useState<ByDevice>({});
  const onSent = ({ result, msg }: Awaited<ReturnType<typeof sendPositionQuery>>) => {
    void (result.sent > 0 ? message.success(msg) : message.warning(msg));
    setTracked((prev) => withSent(prev, result.commands, Date.now() + ANSWER_TIMEOUT_MS));
  };
  const one = useMutation({ mutationFn: (deviceNumber: string) => sendPositionQuery({ by: 'numbers', deviceNumbers: [deviceNumber] }), onSuccess: onSent });
  const all = useMutation({ mutationFn: (selection: OnlineCheckSelection) => sendPositionQuery(selection), onSuccess: onSent });

  const waiting = useMemo(() => Object.values(tracked).filter(awaiting), [tracked]);
  const ids = useMemo(() => waiting.map((q) => q.id).sort((a, b) => a - b).slice(0, ONLINE_CHECK_STATES_MAX), [waiting]);
  // Each answer is folded in as it arrives: the next poll asks only for the queries still waiting, so
  // what an earlier poll learnt would be lost if it stayed in that poll's own cache entry.
  useQuery({
    queryKey: [LIST_ID, 'states', ids],
    queryFn: async ({ signal }) => {
      const states = await fetchCommandStates(ids, signal);
      setTracked((prev) => withStates(prev, states));
      return states;
    },
    enabled: ids.length > 0,
    refetchInterval: STATE_POLL_MS,
  });

  // Wakes when the soonest unanswered query runs out of time, so its row says 超时 and polling can stop.
  useEffect(() => {
    if (waiting.length === 0) return;
    const soonest = Math.min(...waiting.map((q) => q.deadline));
    const timer = setTimeout(() => setTracked((prev) => withExpired(prev, Date.now())), Math.max(0, soonest - Date.now()));
    return () => clearTimeout(timer);
  }, [waiting]);

  const { mutate: queryOne } = one;
  const { mutateAsync: queryAll } = all;
  const sendingOne = one.isPending ? one.variables : undefined;
  return useMemo(
    () => ({ tracked, queryOne, sendingOne, queryAll, sendingAll: all.isPending }),
    [tracked, queryOne, sendingOne, queryAll, all.isPending],
  );
}

type PositionQueries = ReturnType<typeof useTracker>;
const PositionQueriesContext = createContext<PositionQueries | null>(null);

/**
 * Holds the followed queries for the cells and buttons that show them. Its children are made by the
 * screen, so a poll's answer re-renders only those readers, not the whole table.
 */
export function PositionQueriesProvider({ children }: { children: ReactNode }) {
  return <PositionQueriesContext value={useTracker()}>{children}</PositionQueriesContext>;
}

export function usePositionQueries(): PositionQueries {
  const queries = use(PositionQueriesContext);
  if (!queries) throw new Error('usePositionQueries outside PositionQueriesProvider');
  return queries;
}
