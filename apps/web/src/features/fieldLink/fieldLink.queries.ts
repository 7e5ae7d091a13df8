import { FIELD_LINK_GONE, FIELD_STREAM_PATH, FieldCalls } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';
import { ApiError } from '../../api/envelope';

/** Answers that mean the link will never open again (expired, revoked, closed, unknown, malformed). */
const GONE_CODES: readonly number[] = [400, 404, 410];
const GONE_TEXTS: readonly string[] = Object.values(FIELD_LINK_GONE);

export const fieldViewQuery = (token: string) =>
  queryOptions({
    queryKey: ['field', token],
    // Silent: this page has no console around it to toast in; it says what went wrong itself.
    queryFn: ({ signal }) => call(FieldCalls.view, { body: { token } }, { signal, silent: true }),
    retry: false,
    // The live stream keeps it current from here on.
    staleTime: Infinity,
  });

/** The server's words when the link no longer opens; null for a failure a retry may mend (network, busy). */
export function goneMessage(error: Error): string | null {
  if (!(error instanceof ApiError) || error.failure.kind !== 'code' || !GONE_CODES.includes(error.failure.code)) return null;
  const msg = error.failure.msg;
  return msg !== null && GONE_TEXTS.includes(msg) ? msg : FIELD_LINK_GONE.unknown;
}

export const fieldStreamUrl = (token: string) => `${FIELD_STREAM_PATH}?${new URLSearchParams({ token })}`;
