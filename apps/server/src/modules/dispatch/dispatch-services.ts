import type { Db } from '../../db/database.js';
import { createDispatchService } from './dispatch.service.js';
import { createInstallService } from './install.service.js';
import { createOrderChanges } from './order-changes.js';
import { createOrderDeviceRepository } from './order-device.repository.js';
import { createOrderFiles } from './order-files.js';
import { createOrderRepository } from './order.repository.js';

export type DispatchOptions = {
  dataDir: string;
  /** Devices whose car or department changed: every process that caches them must read them again. */
  devicesEdited: (numbers: string[]) => void;
  /** How long a worked order's devices may register (JT808_REGISTER_WINDOW_HOURS). */
  registerWindowMs: number;
  now?: () => number;
};

/** The dispatch feature's pieces over one database: what the routes serve and the demo's staff use. */
export function createDispatchServices(db: Db, { dataDir, devicesEdited, registerWindowMs, now = Date.now }: DispatchOptions) {
  const orders = createOrderRepository(db);
  const devices = createOrderDeviceRepository(db);
  const files = createOrderFiles(db, dataDir);
  const changes = createOrderChanges(db, orders, now);
  return {
    orders, devices, files, changes,
    dispatch: createDispatchService({ db, orders, devices, files, changes, now }),
    install: createInstallService({ orders, devices, files, changes, devicesEdited, registerWindowMs }),
  };
}

export type DispatchServices = ReturnType<typeof createDispatchServices>;
