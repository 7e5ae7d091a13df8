import { DeviceKind } from '@cvrisk/contracts';
import type { Db } from '../../db/database.js';

export type SourceDevice = { number: string; kind: DeviceKind; model: string; installTime: number | null };

export type SourceCar = {
  carId: number;
  dealerId: number;
  /** The dealer's parent department: its finance institution. */
  financeId: number | null;
  /** The dealer's city and province, where the car lives. */
  city: string | null;
  province: string | null;
  devices: SourceDevice[];
};

export type SourceRiskPoint = { id: number; category: string; name: string; lng: number; lat: number };

/** What the simulator needs from the database: the fitted devices by car, and the risk points. */
export type FleetSource = { cars: SourceCar[]; riskPoints: SourceRiskPoint[] };

/**
 * Reads the fleet the simulator drives: devices fitted to cars (the first `maxDevices` of them by id
 * when given), grouped by car, with each car's dealer city, and every risk point. The server's first
 * start calls this in-process; `npm run simulate` calls it against the same database.
 */
export async function loadFleetSource(db: Db, opts: { maxDevices?: number } = {}): Promise<FleetSource> {
  let query = db
    .selectFrom('device as d')
    .innerJoin('car as c', 'c.id', 'd.car_id')
    .innerJoin('dept as dealer', 'dealer.id', 'c.dept_id')
    .select(['d.device_number', 'd.kind', 'd.model', 'd.install_time', 'c.id as car_id', 'c.dept_id', 'dealer.parent_id', 'dealer.city', 'dealer.province'])
    .orderBy('d.id');
  if (opts.maxDevices !== undefined) query = query.limit(opts.maxDevices);
  const rows = await query.execute();
  const cars = new Map<number, SourceCar>();
  for (const r of rows) {
    let car = cars.get(r.car_id);
    if (!car) {
      car = { carId: r.car_id, dealerId: r.dept_id, financeId: r.parent_id, city: r.city, province: r.province, devices: [] };
      cars.set(r.car_id, car);
    }
    car.devices.push({ number: r.device_number, kind: r.kind === DeviceKind.wireless ? DeviceKind.wireless : DeviceKind.wired, model: r.model, installTime: r.install_time });
  }
  const riskPoints = await db.selectFrom('risk_point').select(['id', 'category', 'name', 'lng', 'lat']).orderBy('id').execute();
  return { cars: [...cars.values()], riskPoints };
}
