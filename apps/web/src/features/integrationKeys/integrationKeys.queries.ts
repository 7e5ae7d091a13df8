import { IngestCalls, type CreateIntegration } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

export const INTEGRATION_KEYS_KEY = 'integrationKeys';

export function integrationKeysQuery() {
  return queryOptions({
    queryKey: [INTEGRATION_KEYS_KEY],
    queryFn: ({ signal }) => call(IngestCalls.listIntegrations, undefined, { signal }),
  });
}

/** The new key is in this one answer; the screen shows it once and keeps it nowhere. */
export async function createIntegrationKey(body: CreateIntegration) {
  const { value, msg } = await callWithMessage(IngestCalls.createIntegration, { body });
  return { created: value, msg };
}

export async function revokeIntegrationKey(id: number) {
  return { msg: (await callWithMessage(IngestCalls.revokeIntegration, { body: { id } })).msg };
}
