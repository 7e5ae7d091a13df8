import type { CarCountStats, CustomerCountStats, DeviceOnlineStats } from '@cvrisk/contracts';
import type { Scope } from '../../lib/scope.js';
import type { CarRepository } from '../car/car.repository.js';
import type { CustomerRepository } from '../customer/customer.repository.js';
import type { DeviceRepository } from '../device/device.repository.js';

export type HomeDeps = { devices: DeviceRepository; cars: CarRepository; customers: CustomerRepository; now?: () => number };

/** Home-page figures; the warning figures arrive with the warning engine. */
export function createHomeService(deps: HomeDeps) {
  const now = deps.now ?? Date.now;
  return {
    async deviceOnline(scope: Scope): Promise<DeviceOnlineStats> {
      const c = await deps.devices.countByState(scope, now());
      const online = c.moving + c.parked;
      return { total: online + c.offline + c.never, online, offline: c.offline, never: c.never, wired: c.wired, wireless: c.wireless };
    },
    customerCount: (scope: Scope): Promise<CustomerCountStats> => deps.customers.counts(scope),
    async carCount(scope: Scope): Promise<CarCountStats> {
      return { count: await deps.cars.count(scope) };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
