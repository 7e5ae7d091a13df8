import { parseTime, type DispatchForm, type OrderCar, type OrderChange, type OrderCounts, type OrderDetail, type OrderListQuery, type OrderPage } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';
import { badInput } from '../../lib/errors.js';
import type { SessionUser } from '../session/session-user.js';
import { lastDays } from '../home/home.windows.js';
import { actorOf, assertOrderAccess, type OrderChanges } from './order-changes.js';
import type { OrderDeviceRepository } from './order-device.repository.js';
import type { OrderFiles } from './order-files.js';
import { assertCan } from './order-rules.js';
import { toHistoryItem, toOrderDevice, toOrderFile, toOrderItem } from './order-mapping.js';
import type { OrderRepository } from './order.repository.js';

const DAY_MS = 86_400_000;

/** The operator's side of dispatch (server-behaviour §10): raise, list, send, revoke, audit. */
export function createDispatchService(deps: {
  db: Db; orders: OrderRepository; devices: OrderDeviceRepository; files: OrderFiles; changes: OrderChanges; now: () => number;
}) {
  const { db, orders, devices, files, changes, now } = deps;

  async function page(user: SessionUser, q: OrderListQuery, installerOnly: boolean): Promise<OrderPage> {
    const filters = { ...q, installerOnly };
    const [{ rows, count }, stateCounts] = await Promise.all([
      orders.page(user.scope, filters, (q.pageNumber - 1) * q.pageSize, q.pageSize),
      orders.stateCounts(user.scope, filters),
    ]);
    return { list: rows.map(toOrderItem), count, stateCounts };
  }

  return {
    page,

    async abnormal(user: SessionUser, q: OrderListQuery) {
      const { rows, count } = await orders.page(user.scope, q, (q.pageNumber - 1) * q.pageSize, q.pageSize, true);
      return { list: rows.map(toOrderItem), count };
    },

    /**
     * Quick dispatch: the frame number must name a car of the caller's (its devices are fitted to it).
     * An institution with a single installer company gets the order dispatched to it at once; with
     * several, the order waits for the operator to choose (state 1).
     */
    async create(user: SessionUser, form: DispatchForm): Promise<OrderChange & { message: string }> {
      const at = now();
      const reserveAt = parseTime(form.reserveTime)!;
      if (reserveAt < at - DAY_MS) throw badInput('预约时间不能早于一天前');
      if (form.orderType === 1 && !form.installProductId) throw badInput('安装单请选择安装产品');
      if (form.installProductId && !(await orders.product(form.installProductId))) throw badInput('安装产品不存在');
      const car = await orders.carByFrame(user.scope, form.carFrameNumber);
      if (!car) throw badInput('车架号不存在或不在您的权限范围内');
      const financeId = await orders.financeOf(car.dept_id);
      const installers = financeId === null ? [] : await orders.installersOf(financeId);
      const only = installers.length === 1 ? installers[0]! : null;
      const actor = actorOf(user);
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('dispatch_order').values({
          dept_id: car.dept_id, installer_dept_id: only?.id ?? null, order_type: form.orderType, device_source: form.deviceSource,
          state: only ? 2 : 1, real_name: form.realName, phone: form.phone, car_owner_name: form.carOwnerName, reserve_time: reserveAt,
          brand_name: form.brandName, car_frame_number: form.carFrameNumber, install_product_id: form.installProductId ?? null,
          address: form.address, lng: form.lng, lat: form.lat, reason: null, created_by: user.id, created_at: at, updated_at: at,
          car_id: car.id, installed_at: null, abnormal_reason: null,
        }).returning('id').executeTakeFirstOrThrow();
        const event = { order_id: row.id, at, user_id: actor!.id, user_name: actor!.name, reason: null };
        await orders.addEvent(trx, { ...event, action: 'create', from_state: null, to_state: 1 });
        if (only) await orders.addEvent(trx, { ...event, action: 'dispatch', from_state: 1, to_state: 2, reason: `派给${only.name}` });
        return row.id;
      });
      return only ? { id, state: 2, message: `派单成功，已派给${only.name}` } : { id, state: 1, message: '订单已创建，请选择安装商派单' };
    },

    async detail(user: SessionUser, id: number): Promise<OrderDetail> {
      const order = await changes.load(user, id);
      const [history, fitted, stored] = await Promise.all([orders.history(id), devices.list(id), files.list(id)]);
      return { order: toOrderItem(order), history: history.map(toHistoryItem), devices: fitted.map(toOrderDevice), files: stored.map(toOrderFile) };
    },

    async counts(user: SessionUser): Promise<OrderCounts> {
      const [byState, today] = await Promise.all([orders.stateCounts(user.scope, {}), orders.createdSince(user.scope, lastDays(now(), 1).from)]);
      return { total: Object.values(byState).reduce((a, b) => a + b, 0), today, byState };
    },

    async installers(user: SessionUser, id: number) {
      const order = await changes.load(user, id);
      return order.finance_id === null ? [] : orders.installersOf(order.finance_id);
    },

    async cars(user: SessionUser, keyword: string): Promise<OrderCar[]> {
      assertOrderAccess(user);
      const rows = await orders.searchCars(user.scope, keyword, 10);
      return rows.map((c) => ({ carId: c.id, carFrameNumber: c.frame_number, plateNumber: c.plate_number, brandName: c.brand_name, carOwnerName: c.owner_name, deptName: c.dept_name }));
    },

    /** Sends the order to an installer company of its institution: the first time (派单) or another one (改派). */
    async reDispatch(user: SessionUser, b: { id: number; installerDeptId: number; reason?: string | undefined }): Promise<OrderChange> {
      const order = await changes.load(user, b.id);
      const action = order.state === 2 || order.state === 3 ? 'redispatch' : 'dispatch';
      const installer = (order.finance_id === null ? [] : await orders.installersOf(order.finance_id)).find((i) => i.id === b.installerDeptId);
      // Checked after the state so that a finished order answers 409, not a complaint about the company.
      assertCan(action, order.state);
      if (!installer) throw badInput('安装商不属于该订单的金融机构');
      if (installer.id === order.installer_dept_id) throw badInput('订单已派给该安装商，请选择另一家');
      const reason = [`派给${installer.name}`, b.reason].filter(Boolean).join('：');
      return changes.apply(order, action, actorOf(user), { reason, patch: { installer_dept_id: installer.id } });
    },

    async revoke(user: SessionUser, b: { id: number; reason: string }): Promise<OrderChange> {
      const order = await changes.load(user, b.id);
      return changes.apply(order, 'revoke', actorOf(user), { reason: b.reason, patch: { reason: b.reason } });
    },

    async audit(user: SessionUser, b: { id: number; pass: boolean; reason?: string | undefined }): Promise<OrderChange> {
      const order = await changes.load(user, b.id);
      if (b.pass) return changes.apply(order, 'pass', actorOf(user), { reason: b.reason ?? null });
      return changes.apply(order, 'reject', actorOf(user), { reason: b.reason ?? null, patch: { reason: b.reason ?? null, abnormal_reason: null } });
    },
  };
}

export type DispatchService = ReturnType<typeof createDispatchService>;
