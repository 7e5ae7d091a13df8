import type { OrderAction, OrderChange, OrderState } from '@cvrisk/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DispatchOrderTable } from '../../db/schema.js';
import { conflict, noPermission, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../session/session-user.js';
import { assertCan, TO_STATE } from './order-rules.js';
import type { OrderRepository, OrderRow } from './order.repository.js';

/** Who made a change: a user, or the server itself (null) for what it finds from telemetry. */
export type Actor = { id: number; name: string } | null;
export const actorOf = (user: SessionUser): Actor => ({ id: user.id, name: user.realname });

/** Orders are read and shown to those who raise them or work them. */
export function assertOrderAccess(user: SessionUser): void {
  if (!user.permissions.has('order:dispatch') && !user.permissions.has('order:install')) throw noPermission();
}

/**
 * Every change of an order goes through here: the state check (409 naming the state), the move
 * guarded by the state it was read in (two clicks cannot both succeed), the work of the change, and
 * its history entry — one transaction, so no change is ever without its trace.
 */
export function createOrderChanges(db: Db, orders: OrderRepository, now: () => number) {
  return {
    async load(user: SessionUser, id: number): Promise<OrderRow> {
      assertOrderAccess(user);
      const order = await orders.find(user.scope, id);
      if (!order) throw notFound('订单不存在');
      return order;
    },

    async apply(
      order: OrderRow,
      action: Exclude<OrderAction, 'create'>,
      actor: Actor,
      opts: { reason?: string | null; patch?: Partial<Insertable<DispatchOrderTable>>; work?: (trx: Db, at: number) => Promise<void> } = {},
    ): Promise<OrderChange> {
      assertCan(action, order.state);
      const to = TO_STATE[action] ?? order.state;
      const at = now();
      await db.transaction().execute(async (trx) => {
        const moved = await orders.transition(trx, order.id, order.state, { ...opts.patch, state: to, updated_at: at });
        if (!moved) throw conflict('订单状态已变化，请刷新后重试');
        await opts.work?.(trx, at);
        await orders.addEvent(trx, {
          order_id: order.id, at, user_id: actor?.id ?? null, user_name: actor?.name ?? null, action,
          from_state: order.state, to_state: to === order.state ? null : to, reason: opts.reason ?? null,
        });
      });
      return { id: order.id, state: to as OrderState };
    },
  };
}

export type OrderChanges = ReturnType<typeof createOrderChanges>;
