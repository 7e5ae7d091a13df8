import { DeptCalls, PushCalls, type InAppSave, type WebhookDeliveryQuery, type WebhookListQuery, type WebhookSave } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

export const PUSH_KEY = 'warningPush';
/** Pending deliveries change on their own (retries): the table follows them. */
export const DELIVERY_REFRESH_MS = 10_000;

export function webhookListQuery(query: WebhookListQuery) {
  return queryOptions({
    queryKey: [PUSH_KEY, 'webhooks', query],
    queryFn: ({ signal }) => call(PushCalls.list, { body: query }, { signal }),
  });
}

export function deliveryListQuery(query: WebhookDeliveryQuery) {
  return queryOptions({
    queryKey: [PUSH_KEY, 'deliveries', query],
    queryFn: ({ signal }) => call(PushCalls.deliveries, { body: query }, { signal }),
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}

/** The server's message (已添加 / 已修改 / 已启用 …) is what the operator is told. */
export async function saveWebhook(body: WebhookSave) {
  const { value, msg } = await callWithMessage(PushCalls.save, { body });
  return { entity: value.entity, msg };
}

export async function enableWebhook(id: number, enabled: boolean) {
  const { value, msg } = await callWithMessage(PushCalls.enable, { body: { id, enabled } });
  return { entity: value.entity, msg };
}

export async function testWebhook(id: number) {
  const { value, msg } = await callWithMessage(PushCalls.test, { body: { id } });
  return { entity: value.entity, msg };
}

export async function deleteWebhook(id: number) {
  return { msg: (await callWithMessage(PushCalls.remove, { query: { id } })).msg };
}

/** The in-app channel of a department (default the caller's): its own choices, or those it follows. */
export function inAppQuery(deptId: number | undefined) {
  return queryOptions({
    queryKey: [PUSH_KEY, 'inApp', deptId ?? null],
    queryFn: ({ signal }) => call(PushCalls.inApp, { query: { deptId } }, { signal }),
  });
}

export async function saveInApp(body: InAppSave) {
  const { value, msg } = await callWithMessage(PushCalls.inAppSave, { body });
  return { settings: value, msg };
}

/**
 * The finance institution a department belongs to (getFinancialByDeptid), said beside the picked
 * department; a platform department belongs to none (404), which is not an error worth a toast.
 */
export function institutionQuery(deptId: number) {
  return queryOptions({
    queryKey: ['dept', 'financial', deptId],
    queryFn: ({ signal }) => call(DeptCalls.financial, { query: { deptid: deptId } }, { signal, silent: true }),
    retry: false,
    staleTime: 10 * 60_000,
  });
}
