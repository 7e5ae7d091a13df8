import { FIELD_LINK_GONE, type FieldLinkGone, type FieldView } from '@cvrisk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { backoffMs } from '../../api/sse';
import { fieldStreamUrl, fieldViewQuery } from './fieldLink.queries';

export type StreamState = 'connecting' | 'live' | 'retrying';

const goneText = (data: string): string => {
  try {
    const reason = (JSON.parse(data) as { reason?: FieldLinkGone }).reason;
    return (reason && FIELD_LINK_GONE[reason]) || FIELD_LINK_GONE.unknown;
  } catch {
    return FIELD_LINK_GONE.unknown;
  }
};

/**
 * The link's live stream: `position` replaces the positions in the view's cache, `gone` says the link
 * stopped (revoked, expired, the case closed) and ends the stream. If the server refuses the stream
 * itself, the view is asked again, and its answer says why.
 */
export function useFieldStream(token: string, enabled: boolean): { state: StreamState; gone: string | null } {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const [gone, setGone] = useState<string | null>(null);
  // A stream the server refused is opened afresh (after a pause) once the view still answers.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const key = fieldViewQuery(token).queryKey;
    const source = new EventSource(fieldStreamUrl(token));
    let retry: ReturnType<typeof setTimeout> | undefined;
    source.onopen = () => setState('live');
    source.onerror = () => {
      setState('retrying');
      if (source.readyState !== EventSource.CLOSED) return;
      // A refusal of the view itself (the link gone) replaces the page; otherwise try the stream again.
      retry = setTimeout(() => void client.refetchQueries({ queryKey: key }).then(() => setAttempt((n) => n + 1)), backoffMs(attempt + 1));
    };
    source.addEventListener('position', (e: MessageEvent<string>) => {
      const positions = JSON.parse(e.data) as FieldView['positions'];
      client.setQueryData(key, (view) => (view ? { ...view, positions } : view));
      setState('live');
    });
    source.addEventListener('gone', (e: MessageEvent<string>) => {
      source.close();
      setGone(goneText(e.data));
    });
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }, [client, token, enabled, attempt]);

  return { state, gone };
}
