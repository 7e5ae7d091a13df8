import type { Db } from '../../db/database.js';
import { createDispatchService } from './dispatch.service.js';
import { createInstallService } from './install.service.js';
import { createOrderChanges } from './order-changes.js';
import { createOrderDeviceRepository } from './order-device.repository.js';
import { createOrderFiles } from './order-files.js';
import { createOrderRepository } from './order.repository.js';

/** The dispatch feature's pieces over one database: what the routes serve and the demo's staff use. */
export function createDispatchServices(db: Db, dataDir: string, devicesEdited: (numbers: string[]) => void, now: () => number = Date.now) {
  const orders = createOrderRepository(db);
  const devices = createOrderDeviceRepository(db);
  const files = createOrderFiles(db, dataDir);
  const changes = createOrderChanges(db, orders, now);
  return {
    orders, devices, files, changes,
    dispatch: createDispatchService({ db, orders, devices, files, changes, now }),
    install: createInstallService({ orders, devices, files, changes, devicesEdited }),
  };
}

export type DispatchServices = ReturnType<typeof createDispatchServices>;
