import { CommandCalls, type EqCommand } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../api/call';
import { commandHistoryQuery, DRAWER_REFRESH_MS } from '../devicePositions/positions.queries';

/**
 * JT/T 808 0x8202 temporary tracking while real-time tracking is open: a fix every 10 s instead of the
 * terminal's usual 30 s or more, valid for 1800 s (30 minutes). The validity bounds what a tab closed
 * without the stop command (a crash, a lost network) costs; leaving the page sends interval 0, which
 * stops tracking at once.
 */
export const TEMP_TRACKING_INTERVAL_S = 10;
export const TEMP_TRACKING_VALIDITY_S = 1800;

export type TrackingStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; id: number } | { kind: 'failed'; reason: string };

function send(body: EqCommand) {
  // Quiet: the page shows the command's state itself instead of toasting.
  return call(CommandCalls.send, { body }, { silent: true });
}

export function useTempTracking(deviceNumber: string, enabled: boolean) {
  const [status, setStatus] = useState<TrackingStatus>({ kind: 'idle' });

  useEffect(() => {
    if (!enabled) return;
    let started = false;
    // Deferred a tick: React's development double-mount must not send start, stop, start.
    const timer = setTimeout(() => {
      started = true;
      setStatus({ kind: 'sending' });
      send({ deviceNumber, command: 'tempTracking', interval: TEMP_TRACKING_INTERVAL_S, validity: TEMP_TRACKING_VALIDITY_S }).then(
        (item) => setStatus({ kind: 'sent', id: item.id }),
        (err: unknown) => setStatus({ kind: 'failed', reason: err instanceof Error ? err.message : String(err) }),
      );
    }, 0);
    return () => {
      clearTimeout(timer);
      if (started) void send({ deviceNumber, command: 'tempTracking', interval: 0, validity: 1 }).catch(() => undefined);
    };
  }, [deviceNumber, enabled]);

  const id = status.kind === 'sent' ? status.id : null;
  const history = useQuery({
    ...commandHistoryQuery(deviceNumber),
    enabled: enabled && id !== null,
    // Polled until the terminal answers (or the command fails), then left alone.
    refetchInterval: (q) => {
      const c = q.state.data?.find((x) => x.id === id);
      return c && (c.state === 'answered' || c.state === 'failed') ? false : DRAWER_REFRESH_MS;
    },
  });
  const item = history.data?.find((c) => c.id === id);
  return { status: enabled ? status : ({ kind: 'idle' } as const), item };
}
