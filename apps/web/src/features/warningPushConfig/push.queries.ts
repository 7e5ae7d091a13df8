import {
  PUSH_PATHS,
  type PageResult, type ResultEnvelope, type WebhookDeliveryItem, type WebhookDeliveryQuery, type WebhookItem, type WebhookListQuery, type WebhookSave,
} from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getResult, request } from '../../api/http';

export const PUSH_KEY = 'warningPush';
/** Pending deliveries change on their own (retries): the table follows them. */
export const DELIVERY_REFRESH_MS = 10_000;

export function webhookListQuery(query: WebhookListQuery) {
  return queryOptions({
    queryKey: [PUSH_KEY, 'webhooks', query],
    queryFn: ({ signal }) => getResult<PageResult<WebhookItem>>(PUSH_PATHS.list, { method: 'POST', data: query, signal }),
  });
}

export function deliveryListQuery(query: WebhookDeliveryQuery) {
  return queryOptions({
    queryKey: [PUSH_KEY, 'deliveries', query],
    queryFn: ({ signal }) => getResult<PageResult<WebhookDeliveryItem>>(PUSH_PATHS.deliveries, { method: 'POST', data: query, signal }),
    refetchInterval: DELIVERY_REFRESH_MS,
  });
}

/** The server's message (已添加 / 已修改 / 已启用 …) is what the operator is told. */
async function withMessage<T>(url: string, opts: Parameters<typeof request>[1]): Promise<{ entity: T; msg: string }> {
  const reply = await request<ResultEnvelope<{ entity: T }>>(url, opts);
  return { entity: reply.result?.entity, msg: reply.msg };
}

export const saveWebhook = (body: WebhookSave) => withMessage<WebhookItem>(PUSH_PATHS.save, { method: 'POST', data: body });
export const enableWebhook = (id: number, enabled: boolean) => withMessage<WebhookItem>(PUSH_PATHS.enable, { method: 'POST', data: { id, enabled } });
export const testWebhook = (id: number) => withMessage<WebhookDeliveryItem>(PUSH_PATHS.test, { method: 'POST', data: { id } });
export const deleteWebhook = (id: number) => withMessage<null>(PUSH_PATHS.remove, { method: 'DELETE', params: { id } });
