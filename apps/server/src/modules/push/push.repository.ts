import type { Db } from '../../db/database.js';
import { contains, inDeptSubtree } from '../../lib/like.js';
import { inScope, type Scope } from '../../lib/scope.js';
import { inSelfOrAncestors } from '../../lib/shared-scope.js';

export type WebhookRow = {
  id: number; dept_id: number; dept_name: string; name: string; url: string; warning_types: string; secret: string;
  enabled: number; created_by_name: string | null; created_at: number;
};

export type WebhookValues = { dept_id: number; name: string; url: string; warning_types: string; secret: string; enabled: number };

export type DeliveryRow = {
  id: number; webhook_id: number; webhook_name: string; warning_id: number | null; warning_type: number | null; device_number: string | null;
  state: string; attempts: number; last_status: number | null; last_error: string | null; created_at: number;
  next_attempt_at: number | null; delivered_at: number | null;
};

/** A delivery the worker is about to attempt, with where it goes. */
export type DueRow = { id: number; warning_id: number | null; attempts: number; next_attempt_at: number; created_at: number; webhook_id: number; name: string; url: string; secret: string };

/** What one attempt left behind. */
export type Outcome = { state: 'pending' | 'delivered' | 'failed'; attempts: number; next_attempt_at: number | null; last_status: number | null; last_error: string | null; delivered_at: number | null };

export function createPushRepository(db: Db) {
  const webhooks = (scope: Scope) =>
    db.selectFrom('webhook as h')
      .innerJoin('dept', 'dept.id', 'h.dept_id')
      .leftJoin('app_user as u', 'u.id', 'h.created_by')
      .where((eb) => inScope(eb, 'h.dept_id', scope));
  const webhookColumns = [
    'h.id', 'h.dept_id', 'dept.name as dept_name', 'h.name', 'h.url', 'h.warning_types', 'h.secret', 'h.enabled', 'u.realname as created_by_name', 'h.created_at',
  ] as const;

  const deliveries = (scope: Scope, webhookId?: number, state?: string) =>
    db.selectFrom('webhook_delivery as x')
      .innerJoin('webhook as h', 'h.id', 'x.webhook_id')
      .leftJoin('warning as w', 'w.id', 'x.warning_id')
      .leftJoin('device as d', 'd.id', 'w.device_id')
      .where((eb) => inScope(eb, 'h.dept_id', scope))
      .$if(webhookId !== undefined, (q) => q.where('x.webhook_id', '=', webhookId!))
      .$if(state !== undefined, (q) => q.where('x.state', '=', state!));

  return {
    async page(scope: Scope, name: string | undefined, offset: number, limit: number, deptId?: number) {
      const q = webhooks(scope)
        .$if(name !== undefined, (b) => b.where(contains('h.name', name!)))
        .$if(deptId !== undefined, (b) => b.where(inDeptSubtree('h.dept_id', deptId!)));
      const [rows, total] = await Promise.all([
        q.select(webhookColumns).orderBy('h.id', 'desc').offset(offset).limit(limit).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as WebhookRow[], count: Number(total.n) };
    },

    async find(scope: Scope, id: number): Promise<WebhookRow | undefined> {
      return (await webhooks(scope).select(webhookColumns).where('h.id', '=', id).executeTakeFirst()) as WebhookRow | undefined;
    },

    async deptExists(scope: Scope, deptId: number): Promise<boolean> {
      return (await db.selectFrom('dept').select('id').where('id', '=', deptId).where((eb) => inScope(eb, 'id', scope)).executeTakeFirst()) !== undefined;
    },

    async nameTaken(deptId: number, name: string, exceptId?: number): Promise<boolean> {
      const q = db.selectFrom('webhook').select('id').where('dept_id', '=', deptId).where('name', '=', name)
        .$if(exceptId !== undefined, (b) => b.where('id', '<>', exceptId!));
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insert(values: WebhookValues, createdBy: number, now: number): Promise<number> {
      const r = await db.insertInto('webhook').values({ ...values, created_by: createdBy, created_at: now }).returning('id').executeTakeFirstOrThrow();
      return r.id;
    },

    async update(scope: Scope, id: number, values: Partial<WebhookValues>): Promise<boolean> {
      const r = await db.updateTable('webhook').set(values).where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Deletes the webhook and its deliveries; run inside a transaction (the service's audited write) so it is both or neither. */
    async remove(scope: Scope, id: number): Promise<boolean> {
      const own = await db.selectFrom('webhook').select('id').where('id', '=', id).where((eb) => inScope(eb, 'dept_id', scope)).executeTakeFirst();
      if (!own) return false;
      await db.deleteFrom('webhook_delivery').where('webhook_id', '=', id).execute();
      await db.deleteFrom('webhook').where('id', '=', id).execute();
      return true;
    },

    /** Enabled webhooks that hear of a warning of this department: its own and those of the departments above it. */
    enabledFor(deptId: number) {
      return db.selectFrom('webhook').select(['id', 'warning_types']).where('enabled', '=', 1).where(inSelfOrAncestors('dept_id', deptId)).execute();
    },

    /** Queues deliveries due at `dueAt` (now, unless the caller takes them for itself: a test delivery). */
    async enqueue(webhookIds: number[], warningId: number | null, now: number, dueAt = now): Promise<number[]> {
      if (webhookIds.length === 0) return [];
      // A warning's delivery to a webhook is queued once, however many processes heard the warning (scale mode).
      const rows = await db.insertInto('webhook_delivery')
        .values(webhookIds.map((id) => ({ webhook_id: id, warning_id: warningId, state: 'pending', attempts: 0, next_attempt_at: dueAt, created_at: now })))
        .onConflict((oc) => oc.columns(['webhook_id', 'warning_id']).where('warning_id', 'is not', null).doNothing())
        .returning('id').execute();
      return rows.map((r) => r.id);
    },

    async deliveryPage(scope: Scope, q: { webhookId?: number; state?: string }, offset: number, limit: number) {
      const base = deliveries(scope, q.webhookId, q.state);
      const [rows, total] = await Promise.all([
        base.select([
          'x.id', 'x.webhook_id', 'h.name as webhook_name', 'x.warning_id', 'w.warning_type', 'd.device_number', 'x.state', 'x.attempts',
          'x.last_status', 'x.last_error', 'x.created_at', 'x.next_attempt_at', 'x.delivered_at',
        ]).orderBy('x.id', 'desc').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as DeliveryRow[], count: Number(total.n) };
    },

    /** Pending deliveries whose time has come (and, with `id`, only that one). */
    due(now: number, limit: number, id?: number): Promise<DueRow[]> {
      return db.selectFrom('webhook_delivery as x')
        .innerJoin('webhook as h', 'h.id', 'x.webhook_id')
        .select(['x.id', 'x.warning_id', 'x.attempts', 'x.next_attempt_at', 'x.created_at', 'h.id as webhook_id', 'h.name', 'h.url', 'h.secret'])
        .where('x.state', '=', 'pending').where('x.next_attempt_at', '<=', now)
        .$if(id !== undefined, (q) => q.where('x.id', '=', id!))
        .orderBy('x.next_attempt_at').limit(limit)
        .execute() as Promise<DueRow[]>;
    },

    /**
     * Takes a due delivery for one attempt by moving its time to `leaseUntil`; only one process wins.
     * A process that dies mid-attempt leaves it due again once the lease passes.
     */
    async claim(id: number, expected: number, leaseUntil: number): Promise<boolean> {
      const r = await db.updateTable('webhook_delivery').set({ next_attempt_at: leaseUntil })
        .where('id', '=', id).where('state', '=', 'pending').where('next_attempt_at', '=', expected).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async record(id: number, outcome: Outcome): Promise<void> {
      await db.updateTable('webhook_delivery').set(outcome).where('id', '=', id).execute();
    },

    /** The warning as a webhook receives it; the phone is masked by the caller. */
    payloadRow(warningId: number) {
      return db.selectFrom('warning as w')
        .innerJoin('device as d', 'd.id', 'w.device_id')
        .leftJoin('car', 'car.id', 'w.car_id')
        .leftJoin('customer as c', 'c.id', 'w.customer_id')
        .select(['w.id', 'w.warning_type', 'w.risk_level', 'w.compound', 'w.dept_id', 'w.warning_time', 'd.device_number', 'car.plate_number', 'c.name as customer_name', 'c.phone as customer_phone'])
        .where('w.id', '=', warningId)
        .executeTakeFirst();
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
