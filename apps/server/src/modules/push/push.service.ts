import {
  formatTime, warningTypeName,
  type DeliveryState, type PageResult, type WarningEvent, type WarningTypeCode, type WebhookDeliveryItem, type WebhookDeliveryQuery,
  type WebhookItem, type WebhookListQuery, type WebhookSave, type WebhookTypes,
} from '@cvrisk/contracts';
import { badInput, conflict, notFound } from '../../lib/errors.js';
import { RefusedAddressError, type OutboundGuard } from '../../lib/outbound-guard.js';
import { changedFields, type AuditedWrite } from '../audit/audited-write.js';
import type { SessionUser } from '../session/session-user.js';
import type { PushWorker } from './push-worker.js';
import type { DeliveryRow, PushRepository, WebhookRow, WebhookValues } from './push.repository.js';

type Caller = Pick<SessionUser, 'id' | 'username' | 'scope' | 'deptId'>;

const NOT_FOUND = '推送配置不存在';

const typesOf = (stored: string): WebhookTypes => (stored === '*' ? '*' : (JSON.parse(stored) as WarningTypeCode[]));

function toItem(r: WebhookRow): WebhookItem {
  return {
    id: r.id, deptId: r.dept_id, deptName: r.dept_name, name: r.name, url: r.url, warningTypes: typesOf(r.warning_types),
    enabled: r.enabled === 1, secretHint: `****${r.secret.slice(-4)}`, createdBy: r.created_by_name, createTime: formatTime(r.created_at),
  };
}

function toDelivery(r: DeliveryRow): WebhookDeliveryItem {
  const type = r.warning_type as WarningTypeCode | null;
  return {
    id: r.id, webhookId: r.webhook_id, webhookName: r.webhook_name, warningId: r.warning_id,
    warningTypeName: type === null ? null : warningTypeName(type), deviceNumber: r.device_number,
    state: r.state as DeliveryState, attempts: r.attempts, lastStatus: r.last_status, lastError: r.last_error,
    createTime: formatTime(r.created_at), nextAttemptTime: r.state === 'pending' && r.next_attempt_at !== null ? formatTime(r.next_attempt_at) : null,
    deliveredTime: r.delivered_at === null ? null : formatTime(r.delivered_at),
  };
}

/** What a change's audit entry shows of a webhook: never its secret, only that it changed. */
const audited = (v: Partial<WebhookValues>) => ({ deptId: v.dept_id, name: v.name, url: v.url, warningTypes: v.warning_types, enabled: v.enabled === undefined ? undefined : v.enabled === 1 });

/** The warning-push-config screen's rules, and the queueing of a delivery per matching webhook for each new warning. Every change is audited in its transaction. */
export function createPushService(repo: PushRepository, write: AuditedWrite<PushRepository>, worker: PushWorker, guard: OutboundGuard, now: () => number = Date.now) {
  async function visible(caller: Caller, id: number): Promise<WebhookRow> {
    const row = await repo.find(caller.scope, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** Refuses an internal target now, with the address, rather than as a failed delivery later (each delivery checks again). */
  async function checkTarget(url: string): Promise<void> {
    try {
      await guard.check(new URL(url));
    } catch (err) {
      if (err instanceof RefusedAddressError) throw badInput(`推送地址不能指向内网、本机或保留地址：${err.target}`);
      throw err;
    }
  }

  return {
    async list(caller: Caller, q: WebhookListQuery): Promise<PageResult<WebhookItem>> {
      const { rows, count } = await repo.page(caller.scope, q.name, (q.pageNumber - 1) * q.pageSize, q.pageSize, q.deptId);
      return { list: rows.map(toItem), count };
    },

    async save(caller: Caller, ip: string, input: WebhookSave): Promise<WebhookItem> {
      const existing = input.id === undefined ? null : await visible(caller, input.id);
      const deptId = input.deptId ?? existing?.dept_id ?? caller.deptId;
      if (!(await repo.deptExists(caller.scope, deptId))) throw notFound('机构不存在');
      if (await repo.nameTaken(deptId, input.name, input.id)) throw conflict(`推送名称“${input.name}”已存在`);
      await checkTarget(input.url);
      const values = {
        dept_id: deptId, name: input.name, url: input.url,
        warning_types: input.warningTypes === '*' ? '*' : JSON.stringify(input.warningTypes), enabled: input.enabled ? 1 : 0,
      };
      const id = await write(async (tx, audit) => {
        let saved = input.id;
        if (saved === undefined) saved = await tx.insert({ ...values, secret: input.secret! }, caller.id, now());
        else if (!(await tx.update(caller.scope, saved, input.secret ? { ...values, secret: input.secret } : values))) throw notFound(NOT_FOUND);
        const changes = existing ? changedFields(audited(existing), audited(values)) : audited(values);
        await audit.recordFor(caller, ip, { action: 'push.save', target: `#${saved} ${input.name}`, detail: { created: !existing, changes, secretChanged: Boolean(input.secret) } });
        return saved;
      });
      return toItem(await visible(caller, id));
    },

    async setEnabled(caller: Caller, ip: string, id: number, enabled: boolean): Promise<WebhookItem> {
      const row = await visible(caller, id);
      await write(async (tx, audit) => {
        if (!(await tx.update(caller.scope, id, { enabled: enabled ? 1 : 0 }))) throw notFound(NOT_FOUND);
        await audit.recordFor(caller, ip, { action: 'push.enable', target: `#${id} ${row.name}`, detail: { enabled } });
      });
      return toItem(await visible(caller, id));
    },

    async remove(caller: Caller, ip: string, id: number): Promise<void> {
      const row = await visible(caller, id);
      await write(async (tx, audit) => {
        if (!(await tx.remove(caller.scope, id))) throw notFound(NOT_FOUND);
        await audit.recordFor(caller, ip, { action: 'push.delete', target: `#${id} ${row.name}`, detail: audited(row) });
      });
    },

    async deliveries(caller: Caller, q: WebhookDeliveryQuery): Promise<PageResult<WebhookDeliveryItem>> {
      if (q.webhookId !== undefined) await visible(caller, q.webhookId);
      const { rows, count } = await repo.deliveryPage(caller.scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize);
      return { list: rows.map(toDelivery), count };
    },

    /** Sends the test payload once, now, and answers how it went (it is listed with the deliveries too). */
    async test(caller: Caller, id: number): Promise<WebhookDeliveryItem> {
      await visible(caller, id);
      await worker.sendTest(id);
      const { rows } = await repo.deliveryPage(caller.scope, { webhookId: id }, 0, 1);
      return toDelivery(rows[0]!);
    },

    /** A warning meant to be pushed: one delivery per enabled webhook of its department or above that wants its type. */
    async warningRaised(event: WarningEvent): Promise<void> {
      const hooks = await repo.enabledFor(event.deptId);
      const ids = hooks.filter((h) => {
        const types = typesOf(h.warning_types);
        return types === '*' || types.includes(event.warningType);
      }).map((h) => h.id);
      if ((await repo.enqueue(ids, event.id, now())).length > 0) worker.wake();
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
