import { DEVICE_KIND_LABELS, DISPATCH_LIMITS, type DeviceKind, type OrderChange, type OrderDevice, type OrderFile } from '@cvrisk/contracts';
import { badInput, conflict, noPermission } from '../../lib/errors.js';
import { scopeHas } from '../../lib/scope.js';
import type { SessionUser } from '../session/session-user.js';
import { actorOf, type OrderChanges } from './order-changes.js';
import type { CandidateDevice, OrderDeviceRepository } from './order-device.repository.js';
import type { OrderFiles } from './order-files.js';
import { toOrderDevice, toOrderFile } from './order-mapping.js';
import { assertCan } from './order-rules.js';
import type { OrderRepository, OrderRow } from './order.repository.js';

/** Why a device may not go on this order, or null when it may. */
function refusal(d: CandidateDevice, order: OrderRow): string | null {
  if (order.finance_id === null || !d.dept_path.includes(`/${order.finance_id}/`)) return `设备${d.device_number}不属于本机构`;
  if (d.retired_at !== null) return `设备${d.device_number}已报废，不能安装`;
  if (d.car_id !== null && d.car_id !== order.car_id) return `设备${d.device_number}已安装在其他车辆上，不是库存设备`;
  if (d.held_by !== null) return `设备${d.device_number}已登记在订单${d.held_by}上`;
  return null;
}

/** The installer company's side (server-behaviour §10): accept, photos, devices, installed. */
export function createInstallService(deps: {
  orders: OrderRepository; devices: OrderDeviceRepository; files: OrderFiles; changes: OrderChanges;
  /** Devices whose car or department changed: every process that caches them must read them again. */
  devicesEdited: (numbers: string[]) => void;
  /** How long the devices entered on a worked order may register (JT808_REGISTER_WINDOW_HOURS). */
  registerWindowMs: number;
}) {
  const { orders, devices, files, changes, devicesEdited, registerWindowMs } = deps;

  /**
   * Only the company the order was sent to (or its institution, within whose scope it lies) works it;
   * the state is checked first, so an order not yet sent answers 409 naming its state.
   */
  async function loadAssigned(user: SessionUser, id: number, action: 'accept' | 'devices' | 'install'): Promise<OrderRow> {
    const order = await changes.load(user, id);
    assertCan(action, order.state);
    if (order.installer_dept_id === null || !scopeHas(user.scope, order.installer_dept_id)) throw noPermission('该订单未派给您的安装商');
    return order;
  }

  /** The install product's composition, which the entered devices must match exactly. */
  async function needs(order: OrderRow): Promise<Record<DeviceKind, number> | null> {
    if (order.install_product_id === null) return null;
    const p = await orders.product(order.install_product_id);
    return p ? { 1: p.wired_count, 2: p.wireless_count } : null;
  }

  function describe(counts: Record<DeviceKind, number>): string {
    return ([1, 2] as const).filter((k) => counts[k] > 0).map((k) => `${counts[k]}台${DEVICE_KIND_LABELS[k].zh}`).join('、');
  }

  return {
    async accept(user: SessionUser, id: number): Promise<OrderChange> {
      return changes.apply(await loadAssigned(user, id, 'accept'), 'accept', actorOf(user));
    },

    /** Photos and documents: anyone who may see the order adds them while it is worked or audited. */
    async upload(user: SessionUser, b: { orderId: number; fileName: string; content: string }): Promise<OrderFile> {
      const order = await changes.load(user, b.orderId);
      assertCan('upload', order.state);
      if ((await files.count(order.id)) >= DISPATCH_LIMITS.maxFilesPerOrder) throw badInput(`每个订单最多${DISPATCH_LIMITS.maxFilesPerOrder}个文件`);
      const written = await files.write(order.id, b.content);
      let saved: OrderFile | null = null;
      await changes.apply(order, 'upload', actorOf(user), {
        reason: b.fileName,
        work: async (trx, at) => {
          const row = await files.insert(trx, {
            order_id: order.id, file_name: b.fileName, mime_type: written.type, size: written.size, path: written.path,
            uploaded_by: user.id, uploader_name: user.realname, uploaded_at: at,
          });
          saved = toOrderFile(row);
        },
      });
      return saved!;
    },

    /** The devices fitted: each must exist, belong to the institution, be in stock, and together match the product. */
    async setDevices(user: SessionUser, b: { id: number; deviceNumbers: string[] }): Promise<OrderDevice[]> {
      const order = await loadAssigned(user, b.id, 'devices');
      const found = await devices.candidates(order.id, b.deviceNumbers);
      const byNumber = new Map(found.map((d) => [d.device_number, d]));
      const problems = b.deviceNumbers.map((n) => {
        const d = byNumber.get(n);
        return d ? refusal(d, order) : `设备${n}不存在`;
      }).filter((p): p is string => p !== null);
      const need = await needs(order);
      if (problems.length === 0 && need && b.deviceNumbers.length > 0) {
        const have: Record<DeviceKind, number> = { 1: 0, 2: 0 };
        for (const d of found) have[d.kind as DeviceKind]++;
        if (have[1] !== need[1] || have[2] !== need[2]) problems.push(`安装产品需要${describe(need)}，录入的是${describe(have) || '0台'}`);
      }
      if (problems.length > 0) throw badInput(problems.join('；'));
      await changes.apply(order, 'devices', actorOf(user), {
        reason: b.deviceNumbers.join('、') || '清空',
        work: async (trx, at) => {
          const ids = found.map((d) => d.id);
          await devices.replace(trx, order.id, ids);
          // The installer is about to power them on in the car: only now may their terminals register.
          await devices.openRegistration(trx, ids, at + registerWindowMs);
        },
      });
      return (await devices.list(order.id)).map(toOrderDevice);
    },

    /** Installed: the devices are fitted to the car and go live; the order waits for its audit. */
    async markInstalled(user: SessionUser, id: number): Promise<OrderChange> {
      const order = await loadAssigned(user, id, 'install');
      const fitted = await devices.list(order.id);
      const need = await needs(order);
      if (order.order_type === 1) {
        if (fitted.length === 0) throw badInput('请先登记安装的设备');
        if ((await files.count(order.id)) === 0) throw badInput('请先上传安装照片');
      }
      if (need && fitted.length > 0) {
        const have = fitted.filter((d) => d.kind === 1).length;
        if (have !== need[1] || fitted.length - have !== need[2]) throw badInput(`安装产品需要${describe(need)}，请重新登记设备`);
      }
      if (order.car_id === null) throw badInput('订单没有对应的车辆，不能绑定设备');
      const car = { id: order.car_id, deptId: order.dept_id };
      const change = await changes.apply(order, 'install', actorOf(user), {
        reason: fitted.map((d) => d.device_number).join('、') || null,
        patch: { abnormal_reason: null },
        work: async (trx, at) => {
          await trx.updateTable('dispatch_order').set({ installed_at: at }).where('id', '=', order.id).execute();
          const moved = await devices.fit(trx, order.id, car, order.installer_dept_id, at);
          if (moved !== fitted.length) throw conflict('登记的设备已不在库存中，请重新登记');
          await devices.openRegistration(trx, fitted.map((d) => d.id), at + registerWindowMs);
        },
      });
      // The pipeline reads a device's car once; the next position must find it on this car.
      devicesEdited(fitted.map((d) => d.device_number));
      return change;
    },
  };
}

export type InstallService = ReturnType<typeof createInstallService>;
